-- The ledger's and the provider transfer's functions with half the statements (issue 16 §1), the
-- same rules. A profile of PostgreSQL under the bench put most of its time in starting statements
-- (each SPI statement in PL/pgSQL starts an executor, checks its cached plan, prepares the table's
-- CHECK constraints from their stored text): a transfer ran about forty of them. Now:
--   - a function answers through OUT parameters, not RETURN QUERY (a statement and a tuplestore);
--   - one function calls another as an expression (`posting := ledger_post(...)`), which PL/pgSQL
--     evaluates without a statement of its own, not as `SELECT * INTO ... FROM` one;
--   - the accounts' lock and their read are one statement (a loop over the locked rows), the three
--     account look-ups by code one, a balance change one statement per side, written inline;
--   - the hold's resolution key is read only when the hold is resolved already (the rare path).
-- Each function answers what it answered before, with the same column names, and takes its locks
-- in the same order. ledger_add (043) stays for any older caller; these no longer call it.

DROP FUNCTION ledger_resolve(uuid, text, text, text, text);
DROP FUNCTION ledger_post(text, bigint, bigint, bigint, text, text, bigint, bigint);
DROP FUNCTION provider_transfer_begin(uuid, bigint, text, text, bigint, bigint, text, text, text, text, text, text, text, text, text, text);
DROP FUNCTION sandbox_provider_apply(text, text, text, text, bigint);

CREATE FUNCTION ledger_post(
  p_key text, p_debit bigint, p_credit bigint, p_amount bigint, p_kind text, p_reference text,
  p_reverses bigint, p_hold_to bigint,
  OUT outcome text, OUT transfer_id bigint, OUT hold_id uuid, OUT amount bigint, OUT debit_account_id bigint, OUT credit_account_id bigint
)
LANGUAGE plpgsql AS $$
DECLARE
  earlier record;
  locked record;
  debit_is_member boolean := false;
  credit_is_member boolean := false;
  debit_balance bigint;
BEGIN
  SELECT t.id, t.amount, t.debit_account_id, t.credit_account_id INTO earlier
    FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  IF NOT FOUND THEN
    amount := p_amount;
    debit_account_id := p_debit;
    credit_account_id := p_credit;
    -- Member accounts are locked in id order and read in the same statement; an operator account
    -- is neither locked nor checked (its balance is the row's plus its slices, migration 043).
    FOR locked IN
      SELECT a.id, a.balance FROM ledger_accounts a
       WHERE a.id IN (p_debit, p_credit) AND a.kind <> 'operator'
       ORDER BY a.id FOR UPDATE
    LOOP
      IF locked.id = p_debit THEN
        debit_is_member := true;
        debit_balance := locked.balance;
      ELSE
        credit_is_member := true;
      END IF;
    END LOOP;
    IF debit_is_member AND debit_balance < p_amount THEN
      outcome := 'insufficient';
      RETURN;
    END IF;
    INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, reverses_transfer_id)
    VALUES (p_key, p_debit, p_credit, p_amount, p_kind, p_reference, p_reverses)
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
        INSERT INTO ledger_holds (from_account_id, via_account_id, to_account_id, amount, hold_transfer_id)
        VALUES (p_debit, p_credit, p_hold_to, p_amount, transfer_id)
        RETURNING id INTO hold_id;
      END IF;
      outcome := 'posted';
      RETURN;
    END IF;
    -- The same key committed by a concurrent caller between our check and our insert.
    SELECT t.id, t.amount, t.debit_account_id, t.credit_account_id INTO earlier
      FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  END IF;
  outcome := 'replayed';
  transfer_id := earlier.id;
  amount := earlier.amount;
  debit_account_id := earlier.debit_account_id;
  credit_account_id := earlier.credit_account_id;
  SELECT h.id INTO hold_id FROM ledger_holds h WHERE h.hold_transfer_id = transfer_id;
END;
$$;

CREATE FUNCTION ledger_resolve(p_hold uuid, p_key text, p_status text, p_kind text, p_reference text, OUT outcome text, OUT transfer_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  hold record;
  resolution_key text;
  destination bigint;
  posting record;
BEGIN
  SELECT h.status, h.amount, h.from_account_id, h.via_account_id, h.to_account_id, h.resolution_transfer_id INTO hold
    FROM ledger_holds h WHERE h.id = p_hold FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'missing';
    RETURN;
  END IF;
  IF hold.status <> 'pending' THEN
    SELECT r.idempotency_key INTO resolution_key FROM ledger_transfers r WHERE r.id = hold.resolution_transfer_id;
    IF resolution_key = p_key AND hold.status = p_status THEN
      outcome := 'replayed';
      transfer_id := hold.resolution_transfer_id;
    ELSE
      outcome := 'conflict';
    END IF;
    RETURN;
  END IF;
  destination := CASE p_status WHEN 'posted' THEN hold.to_account_id ELSE hold.from_account_id END;
  posting := ledger_post(p_key, hold.via_account_id, destination, hold.amount, p_kind, p_reference, NULL, NULL);
  IF posting.outcome = 'insufficient'
     OR (posting.outcome = 'replayed'
         AND (posting.amount, posting.debit_account_id, posting.credit_account_id) IS DISTINCT FROM (hold.amount, hold.via_account_id, destination)) THEN
    outcome := CASE posting.outcome WHEN 'insufficient' THEN 'insufficient' ELSE 'conflict' END;
    RETURN;
  END IF;
  UPDATE ledger_holds h SET status = p_status, resolution_transfer_id = posting.transfer_id, resolved_at = now()
   WHERE h.id = p_hold AND h.status = 'pending';
  outcome := posting.outcome;
  transfer_id := posting.transfer_id;
END;
$$;

-- As in 048. The three accounts are looked up in one statement.
CREATE FUNCTION provider_transfer_begin(
  p_id uuid, p_member bigint, p_code text, p_direction text, p_amount bigint, p_credits bigint, p_idempotency_key text,
  p_hold_key text, p_debit_code text, p_via_code text, p_hold_to_code text, p_kind text, p_reference text,
  p_claim_owner text, p_claim_key text, p_claim_fingerprint text,
  OUT outcome text, OUT username text
)
LANGUAGE plpgsql AS $$
DECLARE
  debit_id bigint;
  via_id bigint;
  hold_to_id bigint;
  posting record;
BEGIN
  SELECT max(a.id) FILTER (WHERE a.code = p_debit_code), max(a.id) FILTER (WHERE a.code = p_via_code), max(a.id) FILTER (WHERE a.code = p_hold_to_code)
    INTO debit_id, via_id, hold_to_id
    FROM ledger_accounts a WHERE a.code IN (p_debit_code, p_via_code, p_hold_to_code);
  IF debit_id IS NULL OR via_id IS NULL OR hold_to_id IS NULL THEN
    outcome := 'accounts_missing';
    RETURN;
  END IF;
  IF p_claim_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (owner, key, fingerprint) VALUES (p_claim_owner, p_claim_key, p_claim_fingerprint)
    ON CONFLICT (owner, key) DO NOTHING;
    IF NOT FOUND AND (SELECT k.fingerprint FROM idempotency_keys k WHERE k.owner = p_claim_owner AND k.key = p_claim_key) <> p_claim_fingerprint THEN
      RAISE EXCEPTION 'idempotency key % was used for another call', p_claim_key
        USING ERRCODE = 'check_violation', CONSTRAINT = 'idempotency_key_same_call';
    END IF;
  END IF;
  UPDATE game_accounts g SET transfer_version = g.transfer_version + 1
   WHERE g.member_id = p_member AND g.provider_code = p_code
  RETURNING g.username INTO username;
  IF NOT FOUND THEN
    outcome := 'no_game_account';
    RETURN;
  END IF;
  posting := ledger_post(p_hold_key, debit_id, via_id, p_amount, p_kind, p_reference, NULL, hold_to_id);
  IF posting.outcome = 'insufficient' THEN
    -- Raised, not answered, so the game account's bump is undone with everything else: a refused
    -- transfer changes nothing. The ledger reads this as it reads the balance check itself.
    RAISE EXCEPTION 'member_balance_not_negative: % is short of %', p_debit_code, p_amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'member_balance_not_negative';
  END IF;
  IF posting.outcome <> 'posted' OR posting.hold_id IS NULL THEN
    RAISE EXCEPTION 'provider transfer %: hold key % was used before', p_id, p_hold_key;
  END IF;
  INSERT INTO provider_transfers (id, member_id, provider_code, direction, amount, credits, idempotency_key, hold_id)
  VALUES (p_id, p_member, p_code, p_direction, p_amount, p_credits, p_idempotency_key, posting.hold_id);
  outcome := 'begun';
END;
$$;

-- As in 042; the hold is resolved through ledger_resolve called as an expression.
CREATE OR REPLACE FUNCTION provider_transfer_settle(
  p_id uuid, p_member bigint, p_code text, p_status text, p_reason text, p_credits bigint,
  p_resolution_key text, p_kind text, p_reference text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  settled record;
  resolved record;
BEGIN
  UPDATE game_accounts g
     SET transfer_version = g.transfer_version + 1,
         cached_credits = COALESCE(p_credits, g.cached_credits),
         balance_synced_at = CASE WHEN p_credits IS NULL THEN g.balance_synced_at ELSE now() END
   WHERE g.member_id = p_member AND g.provider_code = p_code;
  -- Marked settled only while pending: this takes the row's lock, and a concurrent settler's
  -- commit leaves nothing to mark (its outcome is the answer).
  UPDATE provider_transfers t SET status = p_status, failure_reason = p_reason, settled_at = now()
   WHERE t.id = p_id AND t.status = 'pending'
  RETURNING t.direction, t.credits, t.hold_id INTO settled;
  IF NOT FOUND THEN
    RETURN (SELECT t.status FROM provider_transfers t WHERE t.id = p_id);
  END IF;
  IF p_status = 'posted' AND p_credits IS NULL THEN
    UPDATE game_accounts g
       SET cached_credits = greatest(g.cached_credits + CASE settled.direction WHEN 'deposit' THEN settled.credits ELSE -settled.credits END, 0)
     WHERE g.member_id = p_member AND g.provider_code = p_code;
  END IF;
  resolved := ledger_resolve(settled.hold_id, p_resolution_key, p_status, p_kind, p_reference);
  IF resolved.outcome NOT IN ('posted', 'replayed') THEN
    RAISE EXCEPTION 'provider transfer %: its hold could not be %: %', p_id, p_status, resolved.outcome;
  END IF;
  RETURN p_status;
END;
$$;

-- As in 042, in two statements on the common path: the transaction row first (a tx id seen before
-- answers its recorded outcome), then the balance change, which refuses what the player cannot afford.
CREATE FUNCTION sandbox_provider_apply(
  p_tx_id text, p_code text, p_username text, p_type text, p_credits bigint,
  OUT status text, OUT reason text, OUT credits bigint
)
LANGUAGE plpgsql AS $$
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
$$;
