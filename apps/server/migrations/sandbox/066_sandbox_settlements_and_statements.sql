-- What the sandbox gateway's settlement report and the sandbox bank's account statement need
-- (DESIGN §7): the currency of each QR and transfer, a payment whose webhook the gateway kept back,
-- a refund, and the payouts the operator's staff make by hand from the operator's account.

ALTER TABLE sandbox_gateway_qrs ADD COLUMN IF NOT EXISTS currency text NOT NULL DEFAULT 'THB';
ALTER TABLE sandbox_gateway_qrs ADD COLUMN IF NOT EXISTS refunded_at timestamptz;
CREATE INDEX IF NOT EXISTS sandbox_gateway_qrs_paid_idx ON sandbox_gateway_qrs (paid_at) WHERE paid_at IS NOT NULL;

ALTER TABLE sandbox_bank_transfers ADD COLUMN IF NOT EXISTS currency text NOT NULL DEFAULT 'THB';
CREATE INDEX IF NOT EXISTS sandbox_bank_transfers_to_idx ON sandbox_bank_transfers (to_account_no, transferred_at);

CREATE TABLE IF NOT EXISTS sandbox_bank_payouts (
  bank_ref         text PRIMARY KEY,
  from_account_no  text NOT NULL,
  to_bank_code     text NOT NULL,
  to_account_no    text NOT NULL,
  to_name          text,
  amount           bigint NOT NULL CHECK (amount > 0),
  currency         text NOT NULL DEFAULT 'THB',
  memo             text,
  paid_at          timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sandbox_bank_payouts_from_idx ON sandbox_bank_payouts (from_account_no, paid_at);
