-- A hold is its own transfer, and the ledger's functions run half the statements (issue 16 §1), the
-- same rules.
--
-- 1. Holds as pending transfers, as TigerBeetle's two-phase transfers are. A hold was a transfer
--    (from → via) plus a row of its own in ledger_holds: inserted with five foreign keys checked,
--    locked, and rewritten with every index when resolved. Now the hold transfer names where the
--    amount goes next (hold_to_account_id), its resolution names the hold it resolves
--    (resolves_hold_id, unique: a hold is resolved once), and a hold's id is its transfer's id.
--    Nothing is updated: a hold is pending while no transfer resolves it, posted when its
--    resolution goes on to hold_to_account_id, voided when it goes back. ledger_holds stays as a
--    view with the columns the table had. Under pgbench, our transfer's SQL cost PostgreSQL
--    1.12-1.19 ms of CPU with the hold rows and 1.02-1.03 ms without.
-- 2. Fewer statements. Each SPI statement in PL/pgSQL starts an executor, checks its cached plan and
--    prepares the table's CHECK constraints from their stored text; a transfer ran about forty:
--      - a function answers through OUT parameters, not RETURN QUERY (a statement and a tuplestore);
--      - one function calls another as an expression (`posting := ledger_post(...)`), which
--        PL/pgSQL evaluates without a statement of its own;
--      - the member accounts' lock and their read are one statement (a loop over the locked rows),
--        the three account look-ups by code one, a balance change one statement per kind of side.
-- Each function answers what it answered before, with the same column names (a hold id is now a
-- bigint), and takes its locks in the same order: a hold before its accounts, member accounts in id order.

-- 1. The columns, and the holds made so far moved onto them.
ALTER TABLE ledger_transfers
  ADD COLUMN hold_to_account_id bigint REFERENCES ledger_accounts (id),
  ADD COLUMN resolves_hold_id bigint REFERENCES ledger_transfers (id);
CREATE UNIQUE INDEX ledger_transfers_resolves_hold_id_key ON ledger_transfers (resolves_hold_id) WHERE resolves_hold_id IS NOT NULL;

ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_immutable;
UPDATE ledger_transfers t SET hold_to_account_id = h.to_account_id FROM ledger_holds h WHERE t.id = h.hold_transfer_id;
UPDATE ledger_transfers t SET resolves_hold_id = h.hold_transfer_id FROM ledger_holds h WHERE t.id = h.resolution_transfer_id;
ALTER TABLE ledger_transfers ENABLE TRIGGER ledger_transfers_immutable;

-- Provider transfers and withdrawals keep their hold's id, now the hold transfer's.
ALTER TABLE provider_transfers ADD COLUMN hold_transfer_id bigint REFERENCES ledger_transfers (id);
UPDATE provider_transfers p SET hold_transfer_id = h.hold_transfer_id FROM ledger_holds h WHERE h.id = p.hold_id;
ALTER TABLE provider_transfers DROP COLUMN hold_id;
ALTER TABLE provider_transfers RENAME COLUMN hold_transfer_id TO hold_id;
ALTER TABLE withdrawals ADD COLUMN hold_transfer_id bigint REFERENCES ledger_transfers (id);
UPDATE withdrawals w SET hold_transfer_id = h.hold_transfer_id FROM ledger_holds h WHERE h.id = w.hold_id;
ALTER TABLE withdrawals DROP COLUMN hold_id;
ALTER TABLE withdrawals RENAME COLUMN hold_transfer_id TO hold_id;

DROP FUNCTION ledger_resolve(uuid, text, text, text, text);
DROP FUNCTION ledger_post(text, bigint, bigint, bigint, text, text, bigint, bigint);
DROP FUNCTION ledger_add(bigint, text, bigint);
DROP FUNCTION provider_transfer_begin(uuid, bigint, text, text, bigint, bigint, text, text, text, text, text, text, text, text, text, text);
DROP FUNCTION provider_transfer_settle(uuid, bigint, text, text, text, bigint, text, text, text);
DROP FUNCTION sandbox_provider_apply(text, text, text, text, bigint);
DROP TABLE ledger_holds;

-- What ledger_holds held, read from the transfers.
CREATE VIEW ledger_holds AS
SELECT h.id, h.debit_account_id AS from_account_id, h.credit_account_id AS via_account_id, h.hold_to_account_id AS to_account_id,
       h.amount, h.id AS hold_transfer_id,
       CASE WHEN r.id IS NULL THEN 'pending' WHEN r.credit_account_id = h.hold_to_account_id THEN 'posted' ELSE 'voided' END AS status,
       r.id AS resolution_transfer_id, h.created_at, r.created_at AS resolved_at
  FROM ledger_transfers h LEFT JOIN ledger_transfers r ON r.resolves_hold_id = h.id
 WHERE h.hold_to_account_id IS NOT NULL;

-- 2. The functions. A posting: replay by key; the member accounts locked in id order and checked;
-- the transfer (a hold names where it goes next; a resolution, the hold it resolves); each side's
-- balance (a member's row, or this backend's slice of an operator account, migration 043).

CREATE FUNCTION ledger_post(
  p_key text, p_debit bigint, p_credit bigint, p_amount bigint, p_kind text, p_reference text,
  p_reverses bigint, p_hold_to bigint, p_resolves bigint,
  OUT outcome text, OUT transfer_id bigint, OUT hold_id bigint, OUT amount bigint, OUT debit_account_id bigint, OUT credit_account_id bigint
)
LANGUAGE plpgsql AS $$
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
    INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, reverses_transfer_id, hold_to_account_id, resolves_hold_id, currency)
    VALUES (p_key, p_debit, p_credit, p_amount, p_kind, p_reference, p_reverses, p_hold_to, p_resolves, transfer_currency)
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
$$;

-- Posts (holding → destination) or voids (holding → source) a hold once. Outcomes: 'posted',
-- 'replayed' (this key resolved it this way before), 'conflict' (resolved otherwise, or the key
-- names another transfer), 'missing' (no such hold), 'insufficient' (as ledger_post). The hold's
-- transfer is locked first, so racing resolutions go one at a time and the later ones find it resolved.
CREATE FUNCTION ledger_resolve(p_hold bigint, p_key text, p_status text, p_kind text, p_reference text, OUT outcome text, OUT transfer_id bigint)
LANGUAGE plpgsql AS $$
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
  posting := ledger_post(p_key, hold.via_id, destination, hold.amount, p_kind, p_reference, NULL, NULL, p_hold);
  IF posting.outcome = 'insufficient'
     OR (posting.outcome = 'replayed'
         AND (posting.amount, posting.debit_account_id, posting.credit_account_id) IS DISTINCT FROM (hold.amount, hold.via_id, destination)) THEN
    outcome := CASE posting.outcome WHEN 'insufficient' THEN 'insufficient' ELSE 'conflict' END;
    RETURN;
  END IF;
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
  posting := ledger_post(p_hold_key, debit_id, via_id, p_amount, p_kind, p_reference, NULL, hold_to_id, NULL);
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
CREATE FUNCTION provider_transfer_settle(
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
