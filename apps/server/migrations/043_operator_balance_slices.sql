-- Operator accounts without a hot row (issue 16 §1). Every provider transfer credits and then
-- debits its provider's in-flight account, every deposit its method's clearing account: one row
-- each, which every such transfer locked and held through its commit's WAL flush. Under load the
-- backends queued on it (pg_stat_activity: most waiting on Lock:transactionid and Lock:tuple), so
-- transfers went one at a time whatever the cores. An operator account has no balance check, so
-- nothing needs its balance in one row: a posting adds its amount to one of 32 slices of the
-- account, the slice of the backend that runs it, and the balance is the row's own plus its slices.
-- Member accounts are unchanged: one row, locked, checked. Only modules/ledger reads or writes these.
CREATE TABLE ledger_balance_slices (
  account_id  bigint NOT NULL REFERENCES ledger_accounts (id),
  slice       smallint NOT NULL CHECK (slice BETWEEN 0 AND 31),
  balance     bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, slice)
);

-- An account's balance: the row's own, plus its slices for an operator account.
CREATE FUNCTION ledger_balance(p_account bigint, p_kind text, p_balance bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_kind = 'operator'
    THEN p_balance + coalesce((SELECT sum(s.balance) FROM ledger_balance_slices s WHERE s.account_id = p_account), 0)::bigint
    ELSE p_balance END
$$;

-- Adds an amount to an account's balance: the row itself for a member account (its lock is held
-- already, and CHECK member_balance_not_negative holds it), this backend's slice for an operator's.
CREATE FUNCTION ledger_add(p_account bigint, p_kind text, p_amount bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  my_slice smallint := pg_backend_pid() % 32;
BEGIN
  IF p_kind <> 'operator' THEN
    UPDATE ledger_accounts a SET balance = a.balance + p_amount WHERE a.id = p_account;
    RETURN;
  END IF;
  UPDATE ledger_balance_slices s SET balance = s.balance + p_amount WHERE s.account_id = p_account AND s.slice = my_slice;
  IF NOT FOUND THEN
    INSERT INTO ledger_balance_slices AS s (account_id, slice, balance) VALUES (p_account, my_slice, p_amount)
    ON CONFLICT (account_id, slice) DO UPDATE SET balance = s.balance + p_amount;
  END IF;
END;
$$;

-- As in 040, with two changes: only member accounts are locked (in id order) and checked, and each
-- side's balance is changed through ledger_add.
CREATE OR REPLACE FUNCTION ledger_post(
  p_key text, p_debit bigint, p_credit bigint, p_amount bigint, p_kind text, p_reference text,
  p_reverses bigint, p_hold_to bigint
) RETURNS TABLE (outcome text, transfer_id bigint, hold_id uuid, amount bigint, debit_account_id bigint, credit_account_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  found_transfer record;
  debit_row record;
  credit_kind text;
  new_id bigint;
  new_hold uuid;
BEGIN
  SELECT t.id, t.amount, t.debit_account_id, t.credit_account_id INTO found_transfer
    FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  IF NOT FOUND THEN
    PERFORM 1 FROM ledger_accounts a WHERE a.id IN (p_debit, p_credit) AND a.kind <> 'operator' ORDER BY a.id FOR UPDATE;
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
      SELECT a.kind INTO credit_kind FROM ledger_accounts a WHERE a.id = p_credit;
      PERFORM ledger_add(p_debit, debit_row.kind, -p_amount);
      PERFORM ledger_add(p_credit, credit_kind, p_amount);
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
