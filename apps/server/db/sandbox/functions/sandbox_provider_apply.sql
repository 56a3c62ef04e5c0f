CREATE OR REPLACE FUNCTION sandbox_provider_apply(p_tx_id text, p_code text, p_username text, p_type text, p_credits bigint, OUT status text, OUT reason text, OUT credits bigint)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  subtracts boolean := p_type IN ('withdraw', 'bet');
BEGIN
  INSERT INTO sandbox_provider_transactions (tx_id, provider_code, username, type, credits, status, reason)
  VALUES (p_tx_id, p_code, p_username, p_type, p_credits, 'success', NULL)
  ON CONFLICT (tx_id) DO NOTHING;
  IF NOT FOUND THEN
    SELECT t.status, t.reason INTO status, reason FROM sandbox_provider_transactions t WHERE t.tx_id = p_tx_id;
    SELECT p.credits INTO credits FROM sandbox_provider_players p WHERE p.provider_code = p_code AND p.username = p_username;
    RETURN;
  END IF;
  UPDATE sandbox_provider_players p SET credits = p.credits + CASE WHEN subtracts THEN -p_credits ELSE p_credits END
   WHERE p.provider_code = p_code AND p.username = p_username AND (NOT subtracts OR p.credits >= p_credits)
  RETURNING p.credits INTO credits;
  IF FOUND THEN
    status := 'success';
    RETURN;
  END IF;
  SELECT p.credits INTO credits FROM sandbox_provider_players p WHERE p.provider_code = p_code AND p.username = p_username;
  status := 'failed';
  reason := CASE WHEN NOT FOUND THEN 'PLAYER_NOT_FOUND' ELSE 'INSUFFICIENT_BALANCE' END;
  UPDATE sandbox_provider_transactions t SET status = 'failed', reason = sandbox_provider_apply.reason WHERE t.tx_id = p_tx_id;
END;
$function$
