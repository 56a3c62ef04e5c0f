-- The sandbox bank's statement feed shows the other side of a transfer as banks do (DESIGN §7,
-- ADR 0396): the sender's account holder name where the member gave it, and the receiving
-- account's bank (a slip code), so a transfer within one bank can show the sender in full.

ALTER TABLE sandbox_bank_transfers ADD COLUMN IF NOT EXISTS from_name text;
ALTER TABLE sandbox_bank_transfers ADD COLUMN IF NOT EXISTS receiving_bank text NOT NULL DEFAULT '004';
