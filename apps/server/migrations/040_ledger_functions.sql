-- A posting as one round trip (issue 16 §1, as pgledger does): the idempotency check, the locks in
-- id order, the balance check, the transfer, both balance updates and, for a hold, the hold row,
-- in one call. PL/pgSQL takes a fresh snapshot per statement (READ COMMITTED), so what each step
-- reads is what the code in modules/ledger read before, statement by statement. Only
-- modules/ledger calls these.

CREATE FUNCTION ledger_post(
  p_key text, p_debit bigint, p_credit bigint, p_amount bigint, p_kind text, p_reference text,
  p_reverses bigint, p_hold_to bigint
) RETURNS TABLE (outcome text, transfer_id bigint, hold_id uuid, amount bigint, debit_account_id bigint, credit_account_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  found_transfer record;
  debit_row record;
  new_id bigint;
  new_hold uuid;
BEGIN
  SELECT t.id, t.amount, t.debit_account_id, t.credit_account_id INTO found_transfer
    FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  IF NOT FOUND THEN
    PERFORM 1 FROM ledger_accounts a WHERE a.id IN (p_debit, p_credit) ORDER BY a.id FOR UPDATE;
    SELECT a.kind, a.balance INTO debit_row FROM ledger_accounts a WHERE a.id = p_debit;
    IF debit_row.kind <> 'operator' AND debit_row.balance < p_amount THEN
      RETURN QUERY SELECT 'insufficient'::text, NULL::bigint, NULL::uuid, p_amount, p_debit, p_credit;
      RETURN;
    END IF;
    INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, reverses_transfer_id)
    VALUES (p_key, p_debit, p_credit, p_amount, p_kind, p_reference, p_reverses)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO new_id;
    IF new_id IS NOT NULL THEN
      UPDATE ledger_accounts a SET balance = a.balance + CASE WHEN a.id = p_credit THEN p_amount ELSE -p_amount END
       WHERE a.id IN (p_debit, p_credit);
      IF p_hold_to IS NOT NULL THEN
        INSERT INTO ledger_holds (from_account_id, via_account_id, to_account_id, amount, hold_transfer_id)
        VALUES (p_debit, p_credit, p_hold_to, p_amount, new_id)
        RETURNING id INTO new_hold;
      END IF;
      RETURN QUERY SELECT 'posted'::text, new_id, new_hold, p_amount, p_debit, p_credit;
      RETURN;
    END IF;
    -- The same key committed by a concurrent caller between our check and our insert.
    SELECT t.id, t.amount, t.debit_account_id, t.credit_account_id INTO found_transfer
      FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  END IF;
  RETURN QUERY SELECT 'replayed'::text, found_transfer.id,
    (SELECT h.id FROM ledger_holds h WHERE h.hold_transfer_id = found_transfer.id),
    found_transfer.amount, found_transfer.debit_account_id, found_transfer.credit_account_id;
END;
$$;

-- Posts (holding → destination) or voids (holding → source) a hold once. Outcomes: 'posted',
-- 'replayed' (this key resolved it this way before), 'conflict' (resolved otherwise, or the key
-- names another transfer), 'missing' (no such hold), 'insufficient' (as ledger_post).
CREATE FUNCTION ledger_resolve(p_hold uuid, p_key text, p_status text, p_kind text, p_reference text)
RETURNS TABLE (outcome text, transfer_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  hold record;
  destination bigint;
  posting record;
BEGIN
  SELECT h.id, h.status, h.amount, h.from_account_id, h.via_account_id, h.to_account_id, h.resolution_transfer_id,
         r.idempotency_key AS resolution_key
    INTO hold
    FROM ledger_holds h LEFT JOIN ledger_transfers r ON r.id = h.resolution_transfer_id
   WHERE h.id = p_hold
     FOR UPDATE OF h;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'missing'::text, NULL::bigint;
    RETURN;
  END IF;
  IF hold.status <> 'pending' THEN
    IF hold.resolution_key = p_key AND hold.status = p_status THEN
      RETURN QUERY SELECT 'replayed'::text, hold.resolution_transfer_id;
    ELSE
      RETURN QUERY SELECT 'conflict'::text, NULL::bigint;
    END IF;
    RETURN;
  END IF;
  destination := CASE p_status WHEN 'posted' THEN hold.to_account_id ELSE hold.from_account_id END;
  SELECT * INTO posting FROM ledger_post(p_key, hold.via_account_id, destination, hold.amount, p_kind, p_reference, NULL, NULL);
  IF posting.outcome = 'insufficient'
     OR (posting.outcome = 'replayed'
         AND (posting.amount, posting.debit_account_id, posting.credit_account_id) IS DISTINCT FROM (hold.amount, hold.via_account_id, destination)) THEN
    RETURN QUERY SELECT CASE posting.outcome WHEN 'insufficient' THEN 'insufficient' ELSE 'conflict' END, NULL::bigint;
    RETURN;
  END IF;
  UPDATE ledger_holds h SET status = p_status, resolution_transfer_id = posting.transfer_id, resolved_at = now()
   WHERE h.id = p_hold AND h.status = 'pending';
  RETURN QUERY SELECT posting.outcome, posting.transfer_id;
END;
$$;
