-- Issue 30 §3, §4: a transfer to or from a game takes the member's lock first, in the order every
-- money transaction of a member takes its locks (apps/server/src/modules/ledger/README.md), and is
-- refused for a member blocked before it, in the same statement that would move the money.

-- provider_transfer_begin: the function's body is in db/functions/provider_transfer_begin.sql, applied after the migrations.

