CREATE OR REPLACE FUNCTION ledger_balance(p_account bigint, p_kind text, p_balance bigint)
 RETURNS bigint
 LANGUAGE sql
 STABLE
AS $function$
  SELECT CASE WHEN p_kind = 'operator'
    THEN p_balance + coalesce((SELECT sum(s.balance) FROM ledger_balance_slices s WHERE s.account_id = p_account), 0)::bigint
    ELSE p_balance END
$function$
