CREATE OR REPLACE FUNCTION ledger_post(p_key text, p_debit bigint, p_credit bigint, p_amount bigint, p_kind text, p_reference text, p_reverses bigint, p_hold_to bigint, p_resolves bigint, p_request_id text DEFAULT NULL::text, OUT outcome text, OUT transfer_id bigint, OUT hold_id bigint, OUT amount bigint, OUT debit_account_id bigint, OUT credit_account_id bigint)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  earlier record;
  locked record;
  debit_is_member boolean := false;
  credit_is_member boolean := false;
  debit_balance bigint;
  transfer_currency text;
BEGIN
  SELECT t.id, t.amount, t.debit_account_id, t.credit_account_id, t.hold_to_account_id INTO earlier
    FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  IF NOT FOUND THEN
    amount := p_amount;
    debit_account_id := p_debit;
    credit_account_id := p_credit;
    -- Member accounts are locked in id order and read in the same statement; an operator account
    -- is neither locked nor checked (its balance is the row's plus its slices, migration 043).
    FOR locked IN
      SELECT a.id, a.balance, a.currency FROM ledger_accounts a
       WHERE a.id IN (p_debit, p_credit) AND a.kind <> 'operator'
       ORDER BY a.id FOR UPDATE
    LOOP
      IF locked.id = p_debit THEN
        debit_is_member := true;
        debit_balance := locked.balance;
      ELSE
        credit_is_member := true;
      END IF;
      transfer_currency := coalesce(transfer_currency, locked.currency);
    END LOOP;
    IF debit_is_member AND debit_balance < p_amount THEN
      outcome := 'insufficient';
      RETURN;
    END IF;
    -- The transfer's currency is its accounts' (a foreign key on each side checks it, migration 050).
    IF transfer_currency IS NULL THEN
      SELECT a.currency INTO transfer_currency FROM ledger_accounts a WHERE a.id = p_debit;
    END IF;
    INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, reverses_transfer_id, hold_to_account_id, resolves_hold_id, currency, request_id)
    VALUES (p_key, p_debit, p_credit, p_amount, p_kind, p_reference, p_reverses, p_hold_to, p_resolves, transfer_currency, p_request_id)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO transfer_id;
    IF transfer_id IS NOT NULL THEN
      IF debit_is_member OR credit_is_member THEN
        UPDATE ledger_accounts a
           SET balance = a.balance + CASE WHEN a.id = p_credit THEN p_amount ELSE -p_amount END
         WHERE a.id IN (CASE WHEN debit_is_member THEN p_debit END, CASE WHEN credit_is_member THEN p_credit END);
      END IF;
      IF NOT (debit_is_member AND credit_is_member) THEN
        -- This backend's slice of each operator side, made by its first posting there.
        INSERT INTO ledger_balance_slices AS s (account_id, slice, balance)
        SELECT side.account_id, pg_backend_pid() % 32, side.change
          FROM (VALUES (p_debit, -p_amount, debit_is_member), (p_credit, p_amount, credit_is_member)) AS side (account_id, change, is_member)
         WHERE NOT side.is_member
        ON CONFLICT (account_id, slice) DO UPDATE SET balance = s.balance + excluded.balance;
      END IF;
      IF p_hold_to IS NOT NULL THEN
        hold_id := transfer_id;
      END IF;
      outcome := 'posted';
      RETURN;
    END IF;
    -- The same key committed by a concurrent caller between our check and our insert.
    SELECT t.id, t.amount, t.debit_account_id, t.credit_account_id, t.hold_to_account_id INTO earlier
      FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  END IF;
  outcome := 'replayed';
  transfer_id := earlier.id;
  amount := earlier.amount;
  debit_account_id := earlier.debit_account_id;
  credit_account_id := earlier.credit_account_id;
  hold_id := CASE WHEN earlier.hold_to_account_id IS NOT NULL THEN earlier.id END;
END;
$function$
