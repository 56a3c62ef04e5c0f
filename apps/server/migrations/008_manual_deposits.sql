-- Manual deposit notices (SPEC §7 POST /api/wallet/add; DESIGN §6): they wait for an operator.
CREATE TABLE manual_deposit_notices (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id        bigint NOT NULL REFERENCES members (id),
  amount           bigint NOT NULL CHECK (amount > 0),
  status           text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'SUCCESS', 'FAILED')),
  idempotency_key  text,
  reason           text,
  decided_by       text,
  decided_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX manual_deposit_notices_status_idx ON manual_deposit_notices (status, created_at);
