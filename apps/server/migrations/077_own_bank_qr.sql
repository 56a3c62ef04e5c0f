-- Bank QRs paid straight into the operator's own account and credited from its statement, with no
-- gateway between: the account's PromptPay biller ID makes it so (bill-payment QRs, baht only). Such
-- a QR names its account; its gateway_ref holds the bill-payment reference (ref1) the QR carries and
-- the statement returns where the bank passes it on; a payment matched to it names its deposit.
ALTER TABLE deposit_accounts ADD COLUMN promptpay_biller_id text UNIQUE CHECK (promptpay_biller_id ~ '^[0-9]{15}$');
ALTER TABLE deposit_accounts ADD CONSTRAINT deposit_accounts_own_qr_check CHECK (promptpay_biller_id IS NULL OR (bank_type = 'QR' AND currency = 'THB'));

ALTER TABLE deposit_qrcodes ADD COLUMN account_id bigint REFERENCES deposit_accounts (id);
ALTER TABLE deposit_qrcodes ADD COLUMN deposit_id uuid REFERENCES deposits (id);
-- A statement line without the reference is matched by amount and time: the unpaid QRs of an account by amount.
CREATE INDEX deposit_qrcodes_own_amount_idx ON deposit_qrcodes (account_id, amount) WHERE account_id IS NOT NULL AND status <> 'paid';

-- A line whose QR names one member but whose sending account is plainly another's waits for operators.
ALTER TABLE bank_credits DROP CONSTRAINT bank_credits_reason_check;
ALTER TABLE bank_credits ADD CONSTRAINT bank_credits_reason_check CHECK (reason IN ('no_sender', 'batch', 'currency', 'no_member', 'no_name', 'several_members', 'other_sender'));
