CREATE OR REPLACE FUNCTION provider_transfer_settle(p_id uuid, p_member bigint, p_code text, p_status text, p_reason text, p_credits bigint, p_resolution_key text, p_kind text, p_reference text, p_request_id text DEFAULT NULL::text)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  settled record;
  was_pending boolean;
  resolved record;
BEGIN
  -- The game account's lock first: a transfer's begin and a balance sync take it too.
  UPDATE game_accounts g SET transfer_version = g.transfer_version + 1
   WHERE g.member_id = p_member AND g.provider_code = p_code;
  -- Marked settled only while pending: this takes the row's lock, and a concurrent settler's
  -- commit leaves nothing to mark (its outcome is the answer, and it counted the transfer on the card).
  UPDATE provider_transfers t SET status = p_status, failure_reason = p_reason, settled_at = now()
   WHERE t.id = p_id AND t.status = 'pending'
  RETURNING t.direction, t.credits, t.hold_id INTO settled;
  was_pending := FOUND;
  IF p_credits IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM provider_transfers t WHERE t.member_id = p_member AND t.provider_code = p_code AND t.status = 'pending'
  ) THEN
    UPDATE game_accounts g SET cached_credits = p_credits, balance_synced_at = now()
     WHERE g.member_id = p_member AND g.provider_code = p_code;
  ELSIF was_pending AND p_status = 'posted' THEN
    UPDATE game_accounts g
       SET cached_credits = greatest(g.cached_credits + CASE settled.direction WHEN 'deposit' THEN settled.credits ELSE -settled.credits END, 0)
     WHERE g.member_id = p_member AND g.provider_code = p_code;
  END IF;
  IF NOT was_pending THEN
    RETURN (SELECT t.status FROM provider_transfers t WHERE t.id = p_id);
  END IF;
  resolved := ledger_resolve(settled.hold_id, p_resolution_key, p_status, p_kind, p_reference, p_request_id);
  IF resolved.outcome NOT IN ('posted', 'replayed') THEN
    RAISE EXCEPTION 'provider transfer %: its hold could not be %: %', p_id, p_status, resolved.outcome;
  END IF;
  RETURN p_status;
END;
$function$
