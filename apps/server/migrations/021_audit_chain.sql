-- The audit log (issue 11 §5): who, what, when, before and after, from which address; each entry
-- carries the hash of the one before, so an edited or deleted entry breaks the chain
-- (`npm run audit:verify`).
ALTER TABLE audit_log ADD COLUMN ip text;
ALTER TABLE audit_log ADD COLUMN prev_hash text;
ALTER TABLE audit_log ADD COLUMN hash text;
-- The chain's order: taken under the writers' lock, so it is the order entries were chained in
-- (an id is drawn before the lock, and a later id may commit first).
ALTER TABLE audit_log ADD COLUMN position bigint;
CREATE SEQUENCE audit_log_position;

CREATE FUNCTION audit_entry_hash(prev text, id bigint, actor text, action text, detail jsonb, ip text, created_at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|', prev, id::text, actor, action, detail::text, coalesce(ip, ''),
    ((extract(epoch FROM created_at) * 1000000)::bigint)::text), 'UTF8')), 'hex')
$$;

-- The entries already written, chained in order.
DO $$
DECLARE
  entry record;
  previous text := '';
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY id LOOP
    UPDATE audit_log
       SET position = nextval('audit_log_position'),
           prev_hash = previous,
           hash = audit_entry_hash(previous, entry.id, entry.actor, entry.action, entry.detail, entry.ip, entry.created_at)
     WHERE id = entry.id
    RETURNING hash INTO previous;
  END LOOP;
END $$;
ALTER TABLE audit_log ALTER COLUMN prev_hash SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN hash SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN position SET NOT NULL;
CREATE UNIQUE INDEX audit_log_position_idx ON audit_log (position);

-- Every new entry is chained by the database, whichever code writes it; one writer at a time
-- (operator actions are few), so two entries never claim the same predecessor.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(724118);
  NEW.created_at := clock_timestamp();
  NEW.position := nextval('audit_log_position');
  NEW.prev_hash := coalesce((SELECT hash FROM audit_log ORDER BY position DESC LIMIT 1), '');
  NEW.hash := audit_entry_hash(NEW.prev_hash, NEW.id, NEW.actor, NEW.action, NEW.detail, NEW.ip, NEW.created_at);
  RETURN NEW;
END $$;
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();

CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries never change';
END $$;
CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();

CREATE INDEX audit_log_actor_idx ON audit_log (actor, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, id);
