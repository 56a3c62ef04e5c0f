-- A provider transfer's Idempotency-Key claimed in its first statement (issue 16 §1): the claim the
-- HTTP layer made in a transaction of its own before each money call (http/idempotency.ts) is made
-- here, first, so a transfer commits once fewer. A key the member used for another call is refused
-- (constraint name idempotency_key_same_call) and, as the whole statement is undone, moves nothing.
-- A transfer refused later in the statement (a short balance) leaves its key unclaimed, as it
-- leaves everything else; one to a game without an account keeps it. Otherwise as in 042.
DROP FUNCTION provider_transfer_begin(uuid, bigint, text, text, bigint, bigint, text, text, bigint, bigint, bigint, text, text);

CREATE FUNCTION provider_transfer_begin(
  p_id uuid, p_member bigint, p_code text, p_direction text, p_amount bigint, p_credits bigint, p_idempotency_key text,
  p_hold_key text, p_debit bigint, p_via bigint, p_hold_to bigint, p_kind text, p_reference text,
  p_claim_owner text, p_claim_key text, p_claim_fingerprint text
) RETURNS TABLE (username text)
LANGUAGE plpgsql AS $$
DECLARE
  account_username text;
  posting record;
BEGIN
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
