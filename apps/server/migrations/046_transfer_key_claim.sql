-- A provider transfer's Idempotency-Key claimed in its first statement (issue 16 §1): the claim the
-- HTTP layer made in a transaction of its own before each money call (http/idempotency.ts) is made
-- here, first, so a transfer commits once fewer. A key the member used for another call is refused
-- (constraint name idempotency_key_same_call) and, as the whole statement is undone, moves nothing.
-- A transfer refused later in the statement (a short balance) leaves its key unclaimed, as it
-- leaves everything else; one to a game without an account keeps it. Otherwise as in 042.

-- provider_transfer_begin: the function's body is in db/functions/provider_transfer_begin.sql, applied after the migrations.
