-- The request (or background job run) that caused each transfer and each audit entry: the id its log
-- lines carry, so an operator goes from a ledger line or an audit entry to the logs (ADR 0339).
-- Null for rows from before, and for work no request or job run caused. Nullable without a default:
-- adding either column rewrites no row.
ALTER TABLE ledger_transfers ADD COLUMN request_id text;
ALTER TABLE audit_log ADD COLUMN request_id text;

-- The posting functions take it as one more, last, argument (db/functions/, applied after the
-- migrations): the signatures without it go, where an earlier start made them.
DROP FUNCTION IF EXISTS ledger_post(text, bigint, bigint, bigint, text, text, bigint, bigint, bigint);
DROP FUNCTION IF EXISTS ledger_resolve(bigint, text, text, text, text);
DROP FUNCTION IF EXISTS provider_transfer_begin(uuid, bigint, text, text, bigint, bigint, text, text, text, text, text, text, text, text, text, text);
DROP FUNCTION IF EXISTS provider_transfer_settle(uuid, bigint, text, text, text, bigint, text, text, text);
