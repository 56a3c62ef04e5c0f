-- Rewards that hold (DESIGN §6 "no gain without play").

-- Deposits credited while a condition held (a QR issued before it and paid after, a slip, a transfer
-- to the operator's TrueMoney number): the member's own money, outside the condition. Its target and
-- floor are raised by them, and ending never takes them.
CREATE TABLE condition_deposits (
  deposit_id    uuid PRIMARY KEY REFERENCES deposits (id),
  condition_id  uuid NOT NULL REFERENCES member_conditions (id),
  amount        bigint NOT NULL CHECK (amount > 0),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX condition_deposits_condition_idx ON condition_deposits (condition_id);

-- "First deposit" offers: only for a member whose qualifying deposit is their first.
ALTER TABLE offers ADD COLUMN first_deposit_only boolean NOT NULL DEFAULT false;
UPDATE offers SET first_deposit_only = true WHERE code = 'WELCOME50';

-- Spin coins are earned by play: on what games kept (net game losses), counted up to a high-water
-- mark so a win never takes coins back and a loss after it earns only past the mark.
CREATE TABLE spin_coin_loss_marks (
  member_id     bigint PRIMARY KEY REFERENCES members (id),
  counted_loss  bigint NOT NULL CHECK (counted_loss >= 0),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- An invite reward is accrued in the inviter's currency at the programme's rate of the day; both are
-- kept, so the ledger's check can prove no accrual exceeded its terms.
ALTER TABLE invite_accruals ADD COLUMN rate_percent numeric(7, 2);
