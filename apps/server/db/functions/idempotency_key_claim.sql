CREATE OR REPLACE FUNCTION idempotency_key_claim(p_owner text, p_key text, p_fingerprint text)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- True on the key's first use, false on a retry of the same call; a key the owner used for
  -- another call is refused with WL002 (src/db/refusals.ts).
  INSERT INTO idempotency_keys (owner, key, fingerprint) VALUES (p_owner, p_key, p_fingerprint)
  ON CONFLICT (owner, key) DO NOTHING;
  IF FOUND THEN
    RETURN true;
  END IF;
  IF (SELECT k.fingerprint FROM idempotency_keys k WHERE k.owner = p_owner AND k.key = p_key) <> p_fingerprint THEN
    RAISE EXCEPTION 'idempotency key % was used for another call', p_key
      USING ERRCODE = 'WL002';
  END IF;
  RETURN false;
END;
$function$
