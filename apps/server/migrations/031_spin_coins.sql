-- Spin coins (issue 13 §1): an asset of their own in the ledger, never baht. A member's coins are a
-- `member_coins` account in currency COIN; the database's currency trigger refuses any transfer
-- between a coin account and a money account.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN ('member_wallet', 'member_game', 'member_coins', 'operator'));
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_coin_accounts_hold_coins CHECK ((kind = 'member_coins') <= (currency = 'COIN'));

-- Coins earned per deposit, once per deposit; the baht of each deposit is kept so the remainder
-- below the rate carries over to the next one.
CREATE TABLE spin_coin_grants (
  deposit_id      uuid PRIMARY KEY,
  member_id       bigint NOT NULL REFERENCES members (id),
  deposit_amount  bigint NOT NULL CHECK (deposit_amount > 0),
  coins           bigint NOT NULL CHECK (coins >= 0),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX spin_coin_grants_member_idx ON spin_coin_grants (member_id);
