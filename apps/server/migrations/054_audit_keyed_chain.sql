-- The audit chain becomes keyed (docs/decisions.md, "Audit log that cannot be rewritten quietly"):
-- the server hashes each entry with an HMAC whose key the database never holds, so the trigger
-- that chained entries in SQL goes, and with it the SQL hash anyone could recompute. Entries
-- written before keep their SHA-256 hashes (`keyed` false) and are verified by that scheme; the
-- first keyed entry's HMAC covers the last of their hashes, so it seals them.
ALTER TABLE audit_log ADD COLUMN keyed boolean NOT NULL DEFAULT false;
ALTER TABLE audit_log ALTER COLUMN keyed DROP DEFAULT;
DROP TRIGGER audit_log_chain ON audit_log;
DROP FUNCTION audit_log_chain();
DROP FUNCTION audit_entry_hash(text, bigint, text, text, jsonb, text, timestamptz);
