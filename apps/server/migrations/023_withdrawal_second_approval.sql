-- Withdrawals above an operator-set amount need two approvals by two operators (issue 11 §4).
ALTER TABLE withdrawals ADD COLUMN first_approved_by text;
ALTER TABLE withdrawals ADD COLUMN first_approved_at timestamptz;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_four_eyes
  CHECK (first_approved_by IS NULL OR status <> 'SUCCESS' OR decided_by IS DISTINCT FROM first_approved_by);
