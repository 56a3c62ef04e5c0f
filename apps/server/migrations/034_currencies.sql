-- Issue 15 §1: a withdrawal is in its member's wallet currency (the Laos build's BAHT wallets
-- are Thai baht), kept on the row for the operator's queue and the second-approval threshold.
ALTER TABLE withdrawals ADD COLUMN currency text;
UPDATE withdrawals w SET currency = CASE m.currency WHEN 'LAK' THEN 'LAK' ELSE 'THB' END FROM members m WHERE m.id = w.member_id;
ALTER TABLE withdrawals ALTER COLUMN currency SET NOT NULL;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_currency CHECK (currency IN ('THB', 'LAK'));

-- Bank names in Lao script, for Lao screens (the seed fills them; Thai banks carry their English name).
ALTER TABLE banks ADD COLUMN name_lo text;

-- Offers and spin campaigns are for the wallets of one currency: their amounts are in it, and one
-- spin campaign runs per currency.
ALTER TABLE offers ADD COLUMN currency text NOT NULL DEFAULT 'THB' CHECK (currency IN ('THB', 'LAK'));
ALTER TABLE spin_campaigns ADD COLUMN currency text NOT NULL DEFAULT 'THB' CHECK (currency IN ('THB', 'LAK'));
DROP INDEX spin_campaigns_one_active_idx;
CREATE UNIQUE INDEX spin_campaigns_one_active_idx ON spin_campaigns (currency) WHERE status = 'active';

-- Game providers carry the wallet currencies they accept; members see and use only those.
ALTER TABLE providers ADD COLUMN currencies text[] NOT NULL DEFAULT '{THB}';
