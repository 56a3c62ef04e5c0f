-- Fewer index entries per provider transfer (issue 16 §1), the same rules.
--
-- A correction reverses a transfer at most once, and a hold is resolved by one transfer: both stay
-- unique, now only where set. Every transfer and every new hold wrote a NULL entry into these
-- indexes before, all at the same end of the index, where every concurrent transfer wrote its own.
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_reverses_transfer_id_key;
CREATE UNIQUE INDEX ledger_transfers_reverses_transfer_id_key ON ledger_transfers (reverses_transfer_id) WHERE reverses_transfer_id IS NOT NULL;
ALTER TABLE ledger_holds DROP CONSTRAINT ledger_holds_resolution_transfer_id_key;
CREATE UNIQUE INDEX ledger_holds_resolution_transfer_id_key ON ledger_holds (resolution_transfer_id) WHERE resolution_transfer_id IS NOT NULL;

-- A member's pending transfers at a provider (wallet.repository hasPendingTransfer) are the only
-- reader of this index: kept to the pending ones, settling a transfer no longer writes an entry.
DROP INDEX provider_transfers_member_idx;
CREATE INDEX provider_transfers_member_pending_idx ON provider_transfers (member_id, provider_code) WHERE status = 'pending';
