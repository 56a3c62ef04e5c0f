-- A posting as one round trip (issue 16 §1, as pgledger does): the idempotency check, the locks in
-- id order, the balance check, the transfer, both balance updates and, for a hold, the hold row,
-- in one call. PL/pgSQL takes a fresh snapshot per statement (READ COMMITTED), so what each step
-- reads is what the code in modules/ledger read before, statement by statement. Only
-- modules/ledger calls these.

-- ledger_post: the function's body is in db/functions/ledger_post.sql, applied after the migrations.

-- Posts (holding → destination) or voids (holding → source) a hold once. Outcomes: 'posted',
-- 'replayed' (this key resolved it this way before), 'conflict' (resolved otherwise, or the key
-- names another transfer), 'missing' (no such hold), 'insufficient' (as ledger_post).
-- ledger_resolve: the function's body is in db/functions/ledger_resolve.sql, applied after the migrations.
