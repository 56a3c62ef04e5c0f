CREATE OR REPLACE FUNCTION ledger_resolve(p_hold bigint, p_key text, p_status text, p_kind text, p_reference text, p_request_id text DEFAULT NULL::text, OUT outcome text, OUT transfer_id bigint)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  hold record;
  resolution record;
  destination bigint;
  posting record;
BEGIN
  SELECT h.debit_account_id AS from_id, h.credit_account_id AS via_id, h.hold_to_account_id AS to_id, h.amount
    INTO hold
    FROM ledger_transfers h
   WHERE h.id = p_hold AND h.hold_to_account_id IS NOT NULL
     FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    outcome := 'missing';
    RETURN;
  END IF;
  destination := CASE p_status WHEN 'posted' THEN hold.to_id ELSE hold.from_id END;
  -- Read after the lock, in a statement of its own: its snapshot sees a resolution that the
  -- resolver we waited for committed (a join in the locking statement would not).
  SELECT r.id, r.idempotency_key, r.credit_account_id INTO resolution
    FROM ledger_transfers r WHERE r.resolves_hold_id = p_hold;
  IF FOUND THEN
    IF resolution.idempotency_key = p_key AND resolution.credit_account_id = destination THEN
      outcome := 'replayed';
      transfer_id := resolution.id;
    ELSE
      outcome := 'conflict';
    END IF;
    RETURN;
  END IF;
  posting := ledger_post(p_key, hold.via_id, destination, hold.amount, p_kind, p_reference, NULL, NULL, p_hold, p_request_id);
  IF posting.outcome = 'insufficient'
     OR (posting.outcome = 'replayed'
         AND (posting.amount, posting.debit_account_id, posting.credit_account_id) IS DISTINCT FROM (hold.amount, hold.via_id, destination)) THEN
    outcome := CASE posting.outcome WHEN 'insufficient' THEN 'insufficient' ELSE 'conflict' END;
    RETURN;
  END IF;
  outcome := posting.outcome;
  transfer_id := posting.transfer_id;
END;
$function$
