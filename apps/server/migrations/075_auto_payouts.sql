-- Withdrawals paid by the bank's transfer API when every check allows (ADR 0403): why auto-payout
-- left a withdrawal to operators, the payout written before the bank is called (one per
-- withdrawal, its reference unique at the bank), and each day's auto-paid total per currency.

ALTER TABLE withdrawals ADD COLUMN auto_checked_at timestamptz;
ALTER TABLE withdrawals ADD COLUMN auto_reasons text[];
-- Withdrawals made before auto-payout existed were never its to pay: operators decide them.
UPDATE withdrawals SET auto_checked_at = created_at, auto_reasons = '{off}';

CREATE TABLE payouts (
  withdrawal_id   uuid PRIMARY KEY REFERENCES withdrawals (id),
  reference       text NOT NULL UNIQUE,
  from_account_no text NOT NULL,
  amount          bigint NOT NULL CHECK (amount > 0),
  currency        text NOT NULL CHECK (currency IN ('THB', 'LAK')),
  status          text NOT NULL CHECK (status IN ('sending', 'pending', 'paid', 'failed')),
  budget_day      date NOT NULL,
  bank_ref        text,
  failure         text,
  attempts        integer NOT NULL DEFAULT 0,
  next_try_at     timestamptz NOT NULL DEFAULT now(),
  created_at      timestamptz NOT NULL DEFAULT now(),
  settled_at      timestamptz,
  CHECK ((status IN ('paid', 'failed')) = (settled_at IS NOT NULL)),
  CHECK (status <> 'paid' OR bank_ref IS NOT NULL),
  CHECK (status <> 'failed' OR failure IS NOT NULL)
);
CREATE INDEX payouts_open_idx ON payouts (next_try_at) WHERE status IN ('sending', 'pending');
CREATE INDEX payouts_created_idx ON payouts (created_at);

CREATE TABLE payout_budget_days (
  day      date NOT NULL,
  currency text NOT NULL CHECK (currency IN ('THB', 'LAK')),
  spent    bigint NOT NULL CHECK (spent >= 0),
  PRIMARY KEY (day, currency)
);
