-- Issue 15 §1: a withdrawal is in its member's wallet currency (the Laos build's BAHT wallets
-- are Thai baht), kept on the row for the operator's queue and the second-approval threshold.
ALTER TABLE withdrawals ADD COLUMN currency text;
UPDATE withdrawals w SET currency = CASE m.currency WHEN 'LAK' THEN 'LAK' ELSE 'THB' END FROM members m WHERE m.id = w.member_id;
ALTER TABLE withdrawals ALTER COLUMN currency SET NOT NULL;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_currency CHECK (currency IN ('THB', 'LAK'));

-- Game providers carry the wallet currencies they accept; members see and use only those.
ALTER TABLE providers ADD COLUMN currencies text[] NOT NULL DEFAULT '{THB}';
