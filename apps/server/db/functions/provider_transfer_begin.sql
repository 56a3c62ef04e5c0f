CREATE OR REPLACE FUNCTION provider_transfer_begin(p_id uuid, p_member bigint, p_code text, p_direction text, p_amount bigint, p_credits bigint, p_idempotency_key text, p_hold_key text, p_debit_code text, p_via_code text, p_hold_to_code text, p_kind text, p_reference text, p_claim_owner text, p_claim_key text, p_claim_fingerprint text, p_request_id text DEFAULT NULL::text, p_session uuid DEFAULT NULL::uuid, OUT outcome text, OUT username text, OUT refusal text, OUT refusal_limit text, OUT refusal_until timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  debit_id bigint;
  via_id bigint;
  hold_to_id bigint;
  posting record;
BEGIN
  -- The member first, as every transaction that moves a member's money takes them (the ledger
  -- README's lock order), and only while active: a block commits before this transfer or after it.
  -- FOR SHARE: the member's other transfers go on side by side; a claim or a block waits.
  PERFORM 1 FROM members m WHERE m.id = p_member AND m.status = 'active' FOR SHARE;
  IF NOT FOUND THEN
    outcome := 'member_inactive';
    RETURN;
  END IF;
  -- Money to a game only within the member's breaks and limits, checked under their lock before
  -- anything is written; money back from a game is never held up.
  IF p_direction = 'deposit' THEN
    SELECT r.refusal, r.limit_kind, r.until INTO refusal, refusal_limit, refusal_until FROM protection_game_refusal(p_member, p_amount, p_session) r;
    IF refusal IS NOT NULL THEN
      outcome := 'protection';
      RETURN;
    END IF;
  END IF;
  SELECT max(a.id) FILTER (WHERE a.code = p_debit_code), max(a.id) FILTER (WHERE a.code = p_via_code), max(a.id) FILTER (WHERE a.code = p_hold_to_code)
    INTO debit_id, via_id, hold_to_id
    FROM ledger_accounts a WHERE a.code IN (p_debit_code, p_via_code, p_hold_to_code);
  IF debit_id IS NULL OR via_id IS NULL OR hold_to_id IS NULL THEN
    outcome := 'accounts_missing';
    RETURN;
  END IF;
  IF p_claim_key IS NOT NULL THEN
    PERFORM idempotency_key_claim(p_claim_owner, p_claim_key, p_claim_fingerprint);
  END IF;
  UPDATE game_accounts g SET transfer_version = g.transfer_version + 1
   WHERE g.member_id = p_member AND g.provider_code = p_code
  RETURNING g.username INTO username;
  IF NOT FOUND THEN
    outcome := 'no_game_account';
    RETURN;
  END IF;
  posting := ledger_post(p_hold_key, debit_id, via_id, p_amount, p_kind, p_reference, NULL, hold_to_id, NULL, p_request_id);
  IF posting.outcome = 'insufficient' THEN
    -- Raised, not answered, so the game account's bump is undone with everything else: a refused
    -- transfer changes nothing. WL001 is ledger_post's outcome 'insufficient' (src/db/refusals.ts).
    RAISE EXCEPTION 'insufficient: % is short of %', p_debit_code, p_amount
      USING ERRCODE = 'WL001';
  END IF;
  IF posting.outcome <> 'posted' OR posting.hold_id IS NULL THEN
    RAISE EXCEPTION 'provider transfer %: hold key % was used before', p_id, p_hold_key;
  END IF;
  INSERT INTO provider_transfers (id, member_id, provider_code, direction, amount, credits, idempotency_key, hold_id)
  VALUES (p_id, p_member, p_code, p_direction, p_amount, p_credits, p_idempotency_key, posting.hold_id);
  outcome := 'begun';
END;
$function$
