-- TrueMoney "auto" deposits (SPEC §2: true-wallet auto mode): the member sends money from their
-- registered number to the operator's wallet, and TrueMoney tells us with a signed notification.
ALTER TABLE deposit_wallets ADD COLUMN account_no text;

CREATE TABLE truemoney_transfers (
  transaction_id  text PRIMARY KEY,
  sender_mobile   text NOT NULL,
  amount          bigint NOT NULL CHECK (amount > 0),
  -- credited; or waiting for an operator: no member has this number, or under the 2-baht minimum;
  -- or sent back to the sender by an operator.
  status          text NOT NULL CHECK (status IN ('credited', 'unmatched', 'below_minimum', 'returned')),
  member_id       bigint REFERENCES members (id),
  decided_by      text,
  reason          text,
  received_at     timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX truemoney_transfers_status_idx ON truemoney_transfers (status, created_at);
