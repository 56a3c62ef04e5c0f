-- The sandbox bank pays PromptPay bill-payment QRs (DESIGN §7): it knows which of its accounts each
-- biller ID credits, and a transfer made by paying a QR keeps the QR's reference (ref1), which the
-- receiving account's statement shows.
ALTER TABLE sandbox_bank_transfers ADD COLUMN IF NOT EXISTS bill_reference text;
CREATE TABLE IF NOT EXISTS sandbox_bank_billers (
  biller_id text PRIMARY KEY,
  bank_code text NOT NULL,
  account_no text NOT NULL
);
-- The demo operator's KTB account that takes bill-payment QRs (apps/server/src/seed/seed.ts).
INSERT INTO sandbox_bank_billers (biller_id, bank_code, account_no) VALUES ('010556100000101', '006', '9870123456') ON CONFLICT DO NOTHING;

-- The sandbox bank's PromptPay register: the account each PromptPay ID (a phone or a national ID)
-- is tied to, which a transfer to that ID pays; a payout made to an ID keeps it.
CREATE TABLE IF NOT EXISTS sandbox_bank_promptpay_ids (
  promptpay_id text PRIMARY KEY,
  bank_code text NOT NULL,
  account_no text NOT NULL,
  account_name text NOT NULL
);
ALTER TABLE sandbox_bank_payouts ADD COLUMN IF NOT EXISTS promptpay_id text;
