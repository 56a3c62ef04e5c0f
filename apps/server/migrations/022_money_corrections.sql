-- Money corrections with four eyes (issue 11 §4): one operator proposes, a different one decides;
-- only an approval posts the ledger transfer (from or to operator:adjustments).
CREATE TABLE money_corrections (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id      bigint NOT NULL REFERENCES members (id),
  direction      text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount         bigint NOT NULL CHECK (amount > 0),
  reason_code    text NOT NULL,
  note           text NOT NULL,
  status         text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'rejected')),
  proposed_by    bigint NOT NULL REFERENCES admin_users (id),
  idempotency_key text,
  decided_by     bigint REFERENCES admin_users (id),
  decision_note  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  decided_at     timestamptz,
  -- Nobody decides their own proposal, whatever code writes the row.
  CONSTRAINT money_corrections_four_eyes CHECK (decided_by IS NULL OR decided_by <> proposed_by),
  CONSTRAINT money_corrections_decided CHECK ((status = 'proposed') = (decided_by IS NULL)),
  UNIQUE (proposed_by, idempotency_key)
);
CREATE INDEX money_corrections_status_idx ON money_corrections (status, created_at);
CREATE INDEX money_corrections_member_idx ON money_corrections (member_id, created_at);
