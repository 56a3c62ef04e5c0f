-- The risk decision on money movements (docs/operations.md "Risk decisions"): the rules' versioned
-- settings, and every decision with the inputs and rule versions it used, so it can be replayed.

-- A rule's settings: each change is a new version, the highest is in force. `observe` decides
-- nothing and records what it would have done; `off` is not run.
CREATE TABLE risk_rule_versions (
  code text NOT NULL CHECK (code ~ '^[a-z_]{3,40}$'),
  version int NOT NULL CHECK (version >= 1),
  mode text NOT NULL CHECK (mode IN ('active', 'observe', 'off')),
  params jsonb NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (code, version)
);

-- One per movement decided. `rules` lists each rule run, its version, mode and answer.
CREATE TABLE risk_decisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id bigint NOT NULL REFERENCES members (id),
  movement text NOT NULL CHECK (movement IN ('deposit', 'withdrawal', 'reward', 'invite', 'bank_account')),
  subject text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  currency text NOT NULL CHECK (currency IN ('THB', 'LAK')),
  outcome text NOT NULL CHECK (outcome IN ('approve', 'review', 'block')),
  inputs jsonb NOT NULL,
  rules jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A block lifted by an operator: the member's next such movement, up to this amount, is not blocked again.
  released_by text,
  released_at timestamptz,
  release_used_at timestamptz,
  CHECK ((released_by IS NULL) = (released_at IS NULL))
);
CREATE INDEX risk_decisions_member_idx ON risk_decisions (member_id, created_at DESC);
CREATE INDEX risk_decisions_held_idx ON risk_decisions (created_at DESC) WHERE outcome <> 'approve';
-- A dry run walks the last 90 days of decisions in order.
CREATE INDEX risk_decisions_created_idx ON risk_decisions (created_at, id);
CREATE INDEX risk_decisions_subject_idx ON risk_decisions (movement, subject);

-- A withdrawal a rule held for review: paid out or refused only by two operators.
ALTER TABLE withdrawals ADD COLUMN risk_decision_id uuid REFERENCES risk_decisions (id);
ALTER TABLE withdrawals ADD COLUMN held_for_review boolean NOT NULL DEFAULT false;
-- What the first of the two proposed (a second operator who agrees decides it).
ALTER TABLE withdrawals ADD COLUMN first_decision text CHECK (first_decision IN ('SUCCESS', 'FAILED'));
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_review_two_operators_check
  CHECK (NOT held_for_review OR status = 'in_progress' OR (first_approved_by IS NOT NULL AND decided_by IS DISTINCT FROM first_approved_by));

-- Staking since a deposit, read from the member's wallet: its provider holds, newest first.
CREATE INDEX ledger_transfers_wallet_holds_idx ON ledger_transfers (debit_account_id, created_at DESC) WHERE kind = 'provider_hold';
