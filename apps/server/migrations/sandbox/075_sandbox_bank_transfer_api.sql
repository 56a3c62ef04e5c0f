-- The sandbox bank's fund-transfer API (DESIGN §7): a payout made through it carries the caller's
-- reference (one transfer per reference), its status (a transfer may stay pending a while or be
-- refused with the bank's code) and how many times it was asked for.

ALTER TABLE sandbox_bank_payouts ADD COLUMN IF NOT EXISTS our_ref text;
ALTER TABLE sandbox_bank_payouts ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'SUCCESS';
ALTER TABLE sandbox_bank_payouts ADD COLUMN IF NOT EXISTS failure text;
ALTER TABLE sandbox_bank_payouts ADD COLUMN IF NOT EXISTS settles_at timestamptz;
ALTER TABLE sandbox_bank_payouts ADD COLUMN IF NOT EXISTS requests integer NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX IF NOT EXISTS sandbox_bank_payouts_our_ref_key ON sandbox_bank_payouts (our_ref);
