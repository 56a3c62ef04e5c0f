CREATE OR REPLACE FUNCTION protection_game_refusal(p_member bigint, p_amount bigint, p_session uuid, OUT refusal text, OUT limit_kind text, OUT until timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  session_minutes bigint;
BEGIN
  SELECT r.refusal, r.until INTO refusal, until FROM protection_restriction(p_member) r;
  IF refusal IS NOT NULL THEN
    RETURN;
  END IF;
  -- Most members set no limit: one lookup answers for them.
  IF NOT EXISTS (SELECT 1 FROM protection_limits l WHERE l.member_id = p_member) THEN
    RETURN;
  END IF;
  -- The session-time limit: counted from the signing in of the session that asks.
  SELECT CASE WHEN l.next_at <= now() THEN l.next_amount ELSE l.amount END INTO session_minutes
    FROM protection_limits l WHERE l.member_id = p_member AND l.kind = 'session_minutes';
  IF session_minutes IS NOT NULL AND p_session IS NOT NULL
     AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = p_session AND s.created_at + make_interval(mins => session_minutes::int) <= now()) THEN
    refusal := 'SESSION_TIME_LIMIT';
    limit_kind := 'session_minutes';
    RETURN;
  END IF;
  -- A transfer could be lost whole: it may take neither the day's transfers nor a period's losses past their limit.
  SELECT r.refusal, r.limit_kind, r.until INTO refusal, limit_kind, until
    FROM protection_limit_refusal(p_member, ARRAY['loss_day', 'loss_month', 'loss_week', 'transfer_day'], p_amount) r;
END;
$function$
