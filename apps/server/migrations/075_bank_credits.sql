-- Bank deposits credited from the operator's account statement (AUTO mode): each credit line of
-- a statement-fed account, once per bank reference, with what became of it, and how far each
-- account's feed has been read.
CREATE TABLE bank_feed_cursors (
  account_id bigint PRIMARY KEY REFERENCES deposit_accounts (id),
  read_until timestamptz NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bank_credits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id bigint NOT NULL REFERENCES deposit_accounts (id),
  bank_ref text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('THB', 'LAK')),
  booked_at timestamptz NOT NULL,
  sender_bank text,
  sender_account text,
  sender_name text,
  batch_count integer,
  -- credited: matched and credited; duplicate: matched, but this transfer was credited before (a slip);
  -- waiting: no member, or more than one, for an operator; assigned: an operator credited it.
  status text NOT NULL CHECK (status IN ('credited', 'duplicate', 'waiting', 'assigned')),
  reason text CHECK (reason IN ('no_sender', 'batch', 'currency', 'no_member', 'several_members')),
  candidates bigint[] NOT NULL DEFAULT '{}',
  member_id bigint REFERENCES members (id),
  deposit_id uuid REFERENCES deposits (id),
  proposed_member_id bigint REFERENCES members (id),
  proposed_by text,
  assigned_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  UNIQUE (account_id, bank_ref),
  CHECK ((status = 'waiting') = (reason IS NOT NULL)),
  CHECK (status NOT IN ('credited', 'assigned') OR (member_id IS NOT NULL AND deposit_id IS NOT NULL)),
  CHECK (status <> 'assigned' OR (assigned_by IS NOT NULL AND assigned_by <> proposed_by))
);
CREATE INDEX bank_credits_waiting_idx ON bank_credits (created_at) WHERE status = 'waiting';
