CREATE OR REPLACE FUNCTION protection_game_refusal(p_member bigint, p_amount bigint, OUT refusal text, OUT limit_kind text, OUT until timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT r.refusal, r.until INTO refusal, until FROM protection_restriction(p_member) r;
  IF refusal IS NULL THEN
    -- A transfer could be lost whole: it may take neither the day's transfers nor a period's losses past their limit.
    SELECT r.refusal, r.limit_kind, r.until INTO refusal, limit_kind, until
      FROM protection_limit_refusal(p_member, ARRAY['loss_day', 'loss_month', 'loss_week', 'transfer_day'], p_amount) r;
  END IF;
END;
$function$
