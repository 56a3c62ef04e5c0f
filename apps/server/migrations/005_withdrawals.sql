-- Withdrawals to the member's registered bank account (DESIGN §6 Withdraw).
CREATE TABLE withdrawals (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id          bigint NOT NULL REFERENCES members (id),
  amount             bigint NOT NULL CHECK (amount > 0),
  -- SPEC §4 statuses: in progress (default), SUCCESS, FAILED.
  status             text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'SUCCESS', 'FAILED')),
  -- The destination as it was when asked: a later correction of the member's bank does not move it.
  bank_code          text NOT NULL,
  bank_account_no    text NOT NULL,
  bank_account_name  text NOT NULL,
  idempotency_key    text,
  reason             text,
  decided_by         text,
  decided_at         timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at);
CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, created_at);
