-- A provider transfer's accounts named by code and looked up in its first statement (issue 16 §1):
-- the API node no longer asks for a member's account ids in a round trip of its own before the
-- member's first transfer on that node. An account that does not exist yet is answered
-- 'accounts_missing' before anything is written (the ledger opens it and calls again); no game
-- account at the provider is 'no_game_account' (the key stays claimed, as in 046). Otherwise as in 046.

-- provider_transfer_begin: the function's body is in db/functions/provider_transfer_begin.sql, applied after the migrations.
