-- Each of a provider transfer's two transactions as one call (issue 16 §1): the step that holds the
-- money and records the transfer, and the step that settles it. They run the statements
-- modules/wallet/provider-transfers.ts ran one by one, in the same order and under the same locks
-- (game account row, then the transfer row, then the ledger's accounts). The ledger's tables are
-- still written only by the ledger's own functions (040): these call ledger_post and
-- ledger_resolve with the arguments modules/ledger prepared. A single statement outside BEGIN is
-- its own transaction, so an exception anywhere undoes all of it.

-- Locks and bumps the member's game account, holds the amount (ledger_post with a hold
-- destination) and records the pending transfer with its hold. Answers the game account's username,
-- or nothing when the member has no account at this provider. A reused idempotency key fails on
-- the transfers' unique index (23505), under the game account's lock.
-- provider_transfer_begin: the function's body is in db/functions/provider_transfer_begin.sql, applied after the migrations.

-- Posts or voids a pending transfer once and updates the card's cached credits: to p_credits when
-- the provider answered its new balance, else (the reconciler learned only the status) by the
-- credits a posted transfer moved. Answers the transfer's status afterwards: p_status when this
-- call settled it, the earlier outcome when another settler came first, NULL for an unknown id.
-- provider_transfer_settle: the function's body is in db/functions/provider_transfer_settle.sql, applied after the migrations.

-- The sandbox game provider's "their side" of a transfer, as one call too (it shares this machine's
-- PostgreSQL under the bench; a real provider would not). Applies a movement once per tx id: the
-- transaction row and the balance change commit together; a movement the player cannot afford,
-- or for a player it does not know, is recorded as failed. Answers the recorded outcome and the
-- player's balance afterwards.
-- sandbox_provider_apply: the function's body is in db/functions/sandbox_provider_apply.sql, applied after the migrations.
