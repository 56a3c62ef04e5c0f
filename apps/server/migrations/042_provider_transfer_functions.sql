-- Each of a provider transfer's two transactions as one call (issue 16 §1): the step that holds the
-- money and records the transfer, and the step that settles it. They run the statements
-- modules/wallet/provider-transfers.ts ran one by one, in the same order and under the same locks
-- (game account row, then the transfer row, then the ledger's accounts). The ledger's tables are
-- still written only by the ledger's own functions (040): these call ledger_post and
-- ledger_resolve with the arguments modules/ledger prepared. A single statement outside BEGIN is
-- its own transaction, so an exception anywhere undoes all of it.

-- Locks and bumps the member's game account, holds the amount (ledger_post with a hold
-- destination) and records the pending transfer with its hold. Answers the game account's username,
-- or nothing when the member has no account at this provider. A reused idempotency key fails on
-- the transfers' unique index (23505), under the game account's lock.
CREATE FUNCTION provider_transfer_begin(
  p_id uuid, p_member bigint, p_code text, p_direction text, p_amount bigint, p_credits bigint, p_idempotency_key text,
  p_hold_key text, p_debit bigint, p_via bigint, p_hold_to bigint, p_kind text, p_reference text
) RETURNS TABLE (username text)
LANGUAGE plpgsql AS $$
DECLARE
  account_username text;
  posting record;
BEGIN
  UPDATE game_accounts g SET transfer_version = g.transfer_version + 1
   WHERE g.member_id = p_member AND g.provider_code = p_code
  RETURNING g.username INTO account_username;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT * INTO posting FROM ledger_post(p_hold_key, p_debit, p_via, p_amount, p_kind, p_reference, NULL, p_hold_to);
  IF posting.outcome = 'insufficient' THEN
    -- Raised, not answered, so the game account's bump is undone with everything else: a refused
    -- transfer changes nothing. The ledger reads this as it reads the balance check itself.
    RAISE EXCEPTION 'member_balance_not_negative: % is short of %', p_debit, p_amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'member_balance_not_negative';
  END IF;
  IF posting.outcome <> 'posted' OR posting.hold_id IS NULL THEN
    RAISE EXCEPTION 'provider transfer %: hold key % was used before', p_id, p_hold_key;
  END IF;
  INSERT INTO provider_transfers (id, member_id, provider_code, direction, amount, credits, idempotency_key, hold_id)
  VALUES (p_id, p_member, p_code, p_direction, p_amount, p_credits, p_idempotency_key, posting.hold_id);
  RETURN QUERY SELECT account_username;
END;
$$;

-- Posts or voids a pending transfer once and updates the card's cached credits: to p_credits when
-- the provider answered its new balance, else (the reconciler learned only the status) by the
-- credits a posted transfer moved. Answers the transfer's status afterwards: p_status when this
-- call settled it, the earlier outcome when another settler came first, NULL for an unknown id.
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
  SELECT * INTO resolved FROM ledger_resolve(settled.hold_id, p_resolution_key, p_status, p_kind, p_reference);
  IF resolved.outcome NOT IN ('posted', 'replayed') THEN
    RAISE EXCEPTION 'provider transfer %: its hold could not be %: %', p_id, p_status, resolved.outcome;
  END IF;
  RETURN p_status;
END;
$$;

-- The sandbox game provider's "their side" of a transfer, as one call too (it shares this machine's
-- PostgreSQL under the bench; a real provider would not). Applies a movement once per tx id: the
-- transaction row and the balance change commit together; a movement the player cannot afford,
-- or for a player it does not know, is recorded as failed. Answers the recorded outcome and the
-- player's balance afterwards.
CREATE FUNCTION sandbox_provider_apply(p_tx_id text, p_code text, p_username text, p_type text, p_credits bigint)
RETURNS TABLE (status text, reason text, credits bigint)
LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
  subtracts boolean := p_type IN ('withdraw', 'bet');
  refusal text;
  earlier record;
BEGIN
  SELECT p.credits INTO balance FROM sandbox_provider_players p
   WHERE p.provider_code = p_code AND p.username = p_username FOR UPDATE;
  INSERT INTO sandbox_provider_transactions (tx_id, provider_code, username, type, credits, status, reason)
  VALUES (p_tx_id, p_code, p_username, p_type, p_credits, 'success', NULL)
  ON CONFLICT (tx_id) DO NOTHING;
  IF NOT FOUND THEN
    SELECT t.status, t.reason INTO earlier FROM sandbox_provider_transactions t WHERE t.tx_id = p_tx_id;
    RETURN QUERY SELECT earlier.status, earlier.reason, balance;
    RETURN;
  END IF;
  refusal := CASE WHEN balance IS NULL THEN 'PLAYER_NOT_FOUND' WHEN subtracts AND balance < p_credits THEN 'INSUFFICIENT_BALANCE' END;
  IF refusal IS NOT NULL THEN
    UPDATE sandbox_provider_transactions t SET status = 'failed', reason = refusal WHERE t.tx_id = p_tx_id;
    RETURN QUERY SELECT 'failed'::text, refusal, balance;
    RETURN;
  END IF;
  UPDATE sandbox_provider_players p SET credits = p.credits + CASE WHEN subtracts THEN -p_credits ELSE p_credits END
   WHERE p.provider_code = p_code AND p.username = p_username
  RETURNING p.credits INTO balance;
  RETURN QUERY SELECT 'success'::text, NULL::text, balance;
END;
$$;
