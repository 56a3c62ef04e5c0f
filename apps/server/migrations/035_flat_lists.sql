-- Issue 16 §2: costs that stay flat as data grows. A member's list reads that member's own rows,
-- in page order, from an index: its cost follows the member's history, never the table's size.

-- Statement (POST /api/statement): every branch of the union in created_at order per member, so
-- the planner merges them and stops after the page.
CREATE INDEX provider_transfers_member_time_idx ON provider_transfers (member_id, created_at DESC);
CREATE INDEX manual_deposit_notices_member_idx ON manual_deposit_notices (member_id, created_at DESC);
-- Operator credits and debits of a wallet are a few rows among every transfer of that wallet.
CREATE INDEX ledger_transfers_adjustment_credit_idx ON ledger_transfers (credit_account_id, created_at DESC) WHERE kind = 'adjustment';
CREATE INDEX ledger_transfers_adjustment_debit_idx ON ledger_transfers (debit_account_id, created_at DESC) WHERE kind = 'adjustment';
CREATE INDEX member_conditions_member_ended_idx ON member_conditions (member_id, closed_at DESC) WHERE status = 'ended';

-- Slip list, invite list, refund log, spin coupons: the list's whole order in the index (the id
-- breaks ties), so an offset deep in one member's rows walks the index only.
DROP INDEX slips_member_idx;
CREATE INDEX slips_member_idx ON slips (member_id, created_at DESC, id DESC);
DROP INDEX invite_accruals_inviter_idx;
CREATE INDEX invite_accruals_inviter_idx ON invite_accruals (inviter_id, created_at DESC, id DESC);
CREATE INDEX reward_claims_member_refund_idx ON reward_claims (member_id, created_at DESC, id DESC) WHERE kind = 'refund';
CREATE INDEX spins_member_coupons_idx ON spins (member_id, created_at DESC, id) WHERE status <> 'none';
