-- A provider transfer's accounts named by code and looked up in its first statement (issue 16 §1):
-- the API node no longer asks for a member's account ids in a round trip of its own before the
-- member's first transfer on that node. An account that does not exist yet is answered
-- 'accounts_missing' before anything is written (the ledger opens it and calls again); no game
-- account at the provider is 'no_game_account' (the key stays claimed, as in 046). Otherwise as in 046.
DROP FUNCTION provider_transfer_begin(uuid, bigint, text, text, bigint, bigint, text, text, bigint, bigint, bigint, text, text, text, text, text);

CREATE FUNCTION provider_transfer_begin(
  p_id uuid, p_member bigint, p_code text, p_direction text, p_amount bigint, p_credits bigint, p_idempotency_key text,
  p_hold_key text, p_debit_code text, p_via_code text, p_hold_to_code text, p_kind text, p_reference text,
  p_claim_owner text, p_claim_key text, p_claim_fingerprint text
) RETURNS TABLE (outcome text, username text)
LANGUAGE plpgsql AS $$
DECLARE
  debit_id bigint := (SELECT a.id FROM ledger_accounts a WHERE a.code = p_debit_code);
  via_id bigint := (SELECT a.id FROM ledger_accounts a WHERE a.code = p_via_code);
  hold_to_id bigint := (SELECT a.id FROM ledger_accounts a WHERE a.code = p_hold_to_code);
  account_username text;
  posting record;
BEGIN
  IF debit_id IS NULL OR via_id IS NULL OR hold_to_id IS NULL THEN
    RETURN QUERY SELECT 'accounts_missing'::text, NULL::text;
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
  RETURNING g.username INTO account_username;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_game_account'::text, NULL::text;
    RETURN;
  END IF;
  SELECT * INTO posting FROM ledger_post(p_hold_key, debit_id, via_id, p_amount, p_kind, p_reference, NULL, hold_to_id);
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
  RETURN QUERY SELECT 'begun'::text, account_username;
END;
$$;
