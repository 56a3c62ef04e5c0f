CREATE OR REPLACE FUNCTION protection_limit_refusal(p_member bigint, p_kinds text[], p_amount bigint, p_replacing_method text DEFAULT NULL::text, OUT refusal text, OUT limit_kind text, OUT until timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  lim record;
  in_force bigint;
  period record;
BEGIN
  -- The member's limits of these kinds, locked in one order (by kind): the member's parallel
  -- movements of one sort are checked one after the other, each seeing the last one's money.
  FOR lim IN
    SELECT l.kind, l.amount, l.next_amount, l.next_at, l.time_zone FROM protection_limits l
     WHERE l.member_id = p_member AND l.kind = ANY (p_kinds)
     ORDER BY l.kind FOR UPDATE
  LOOP
    in_force := CASE WHEN lim.next_at <= now() THEN lim.next_amount ELSE lim.amount END;
    CONTINUE WHEN in_force IS NULL;
    SELECT * INTO period FROM protection_used(p_member, lim.kind, lim.time_zone, p_replacing_method);
    IF period.used + p_amount > in_force THEN
      refusal := CASE WHEN lim.kind LIKE 'deposit\_%' THEN 'DEPOSIT_LIMIT' WHEN lim.kind = 'transfer_day' THEN 'TRANSFER_LIMIT' ELSE 'LOSS_LIMIT' END;
      limit_kind := lim.kind;
      until := period.ends_at;
      RETURN;
    END IF;
  END LOOP;
END;
$function$
