CREATE OR REPLACE FUNCTION protection_used(p_member bigint, p_kind text, p_time_zone text, p_replacing_method text DEFAULT NULL::text, OUT used bigint, OUT starts_at timestamp with time zone, OUT ends_at timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  unit text := CASE WHEN p_kind LIKE '%\_week' THEN 'week' WHEN p_kind LIKE '%\_month' THEN 'month' ELSE 'day' END;
  local_start timestamp := date_trunc(unit, now() AT TIME ZONE p_time_zone);
BEGIN
  -- The running day, week (from Monday) or month in the site's time zone, by the database's clock.
  starts_at := local_start AT TIME ZONE p_time_zone;
  ends_at := (local_start + ('1 ' || unit)::interval) AT TIME ZONE p_time_zone;
  IF p_kind LIKE 'deposit\_%' THEN
    -- Credited deposits, and what the member may still pay: open QRs (but the one a new QR of
    -- p_replacing_method cancels) and notices an operator has yet to check.
    SELECT (SELECT coalesce(sum(d.amount), 0) FROM deposits d WHERE d.member_id = p_member AND d.created_at >= starts_at)
         + (SELECT coalesce(sum(q.amount), 0) FROM deposit_qrcodes q
             WHERE q.member_id = p_member AND q.status = 'open' AND q.expires_at > now() AND q.method IS DISTINCT FROM p_replacing_method)
         + (SELECT coalesce(sum(n.amount), 0) FROM manual_deposit_notices n WHERE n.member_id = p_member AND n.status = 'in_progress')
      INTO used;
  ELSIF p_kind = 'transfer_day' THEN
    SELECT coalesce(sum(t.amount), 0) INTO used FROM provider_transfers t
     WHERE t.member_id = p_member AND t.direction = 'deposit' AND t.status <> 'voided' AND t.created_at >= starts_at;
  ELSIF p_kind LIKE 'loss\_%' THEN
    -- Net losses from the ledger's game results: what games took less what they paid.
    SELECT greatest(coalesce(sum(x.amount), 0), 0) INTO used FROM (
      SELECT t.amount FROM ledger_accounts a
        JOIN ledger_transfers t ON t.debit_account_id = a.id AND t.kind = 'game_result' AND t.created_at >= starts_at
       WHERE a.member_id = p_member AND a.kind = 'member_game'
      UNION ALL
      SELECT -t.amount FROM ledger_accounts a
        JOIN ledger_transfers t ON t.credit_account_id = a.id AND t.kind = 'game_result' AND t.created_at >= starts_at
       WHERE a.member_id = p_member AND a.kind = 'member_game'
    ) x;
  END IF;
END;
$function$
