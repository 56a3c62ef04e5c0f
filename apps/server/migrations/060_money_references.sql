-- A reference a member can read out to support for every deposit and withdrawal: a kind letter
-- (D deposit, W withdrawal, C an operator's correction) and seven characters of Crockford's
-- base 32 (no I, L, O or U, so nothing reads as 0 or 1). Deposits, deposit notices and
-- withdrawals take theirs from one sequence, scrambled by a bijection of 35 bits (multiply by an
-- odd constant, add another, modulo 2^35), so two never share one and neighbours do not look alike.
-- Corrections are ledger transfers: theirs is computed from the transfer's id the same way with
-- another added constant (a transfer id and a sequence number that are equal do not give
-- references that differ only in their letter), and stored nowhere
-- (packages/contract/src/reference.ts turns it back into the id).

CREATE SEQUENCE money_reference_seq;

CREATE FUNCTION money_reference(p_kind text, p_number bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_kind || string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((s.v >> (5 * (6 - i))) & 31)::int + 1, 1), '' ORDER BY i)
  FROM (SELECT ((p_number::numeric * 21235486155 + CASE p_kind WHEN 'C' THEN 17179881529 ELSE 1013904223 END) % 34359738368)::bigint AS v) s, generate_series(0, 6) AS i
$$;

ALTER TABLE manual_deposit_notices ADD COLUMN reference text;
ALTER TABLE deposits ADD COLUMN reference text;
ALTER TABLE withdrawals ADD COLUMN reference text;

-- Existing rows, oldest first. A deposit credited for a notice keeps the notice's reference: the
-- member's line is the same money before and after the operator credits it.
WITH numbered AS (SELECT id, money_reference('D', nextval('money_reference_seq')) AS reference FROM (SELECT id FROM manual_deposit_notices ORDER BY created_at, id) n)
UPDATE manual_deposit_notices SET reference = numbered.reference FROM numbered WHERE manual_deposit_notices.id = numbered.id;
UPDATE deposits d SET reference = n.reference FROM manual_deposit_notices n WHERE d.external_ref = 'manual:' || n.id::text;
WITH numbered AS (SELECT id, money_reference('D', nextval('money_reference_seq')) AS reference FROM (SELECT id FROM deposits WHERE reference IS NULL ORDER BY created_at, id) d)
UPDATE deposits SET reference = numbered.reference FROM numbered WHERE deposits.id = numbered.id;
WITH numbered AS (SELECT id, money_reference('W', nextval('money_reference_seq')) AS reference FROM (SELECT id FROM withdrawals ORDER BY created_at, id) w)
UPDATE withdrawals SET reference = numbered.reference FROM numbered WHERE withdrawals.id = numbered.id;

ALTER TABLE manual_deposit_notices ALTER COLUMN reference SET DEFAULT money_reference('D', nextval('money_reference_seq')), ALTER COLUMN reference SET NOT NULL;
ALTER TABLE deposits ALTER COLUMN reference SET DEFAULT money_reference('D', nextval('money_reference_seq')), ALTER COLUMN reference SET NOT NULL;
ALTER TABLE withdrawals ALTER COLUMN reference SET DEFAULT money_reference('W', nextval('money_reference_seq')), ALTER COLUMN reference SET NOT NULL;

-- Unique, and how an operator finds the item by it.
CREATE UNIQUE INDEX manual_deposit_notices_reference_idx ON manual_deposit_notices (reference);
CREATE UNIQUE INDEX deposits_reference_idx ON deposits (reference);
CREATE UNIQUE INDEX withdrawals_reference_idx ON withdrawals (reference);
