-- Operator accounts without a hot row (issue 16 §1). Every provider transfer credits and then
-- debits its provider's in-flight account, every deposit its method's clearing account: one row
-- each, which every such transfer locked and held through its commit's WAL flush. Under load the
-- backends queued on it (pg_stat_activity: most waiting on Lock:transactionid and Lock:tuple), so
-- transfers went one at a time whatever the cores. An operator account has no balance check, so
-- nothing needs its balance in one row: a posting adds its amount to one of 32 slices of the
-- account, the slice of the backend that runs it, and the balance is the row's own plus its slices.
-- Member accounts are unchanged: one row, locked, checked. Only modules/ledger reads or writes these.
CREATE TABLE ledger_balance_slices (
  account_id  bigint NOT NULL REFERENCES ledger_accounts (id),
  slice       smallint NOT NULL CHECK (slice BETWEEN 0 AND 31),
  balance     bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, slice)
);

-- An account's balance: the row's own, plus its slices for an operator account.
-- ledger_balance: the function's body is in db/functions/ledger_balance.sql, applied after the migrations.

-- Adds an amount to an account's balance: the row itself for a member account (its lock is held
-- already, and CHECK member_balance_not_negative holds it), this backend's slice for an operator's.
-- ledger_add: a helper of ledger_post, since folded into it.

-- As in 040, with two changes: only member accounts are locked (in id order) and checked, and each
-- side's balance is changed through ledger_add.
-- ledger_post: the function's body is in db/functions/ledger_post.sql, applied after the migrations.
