-- Cases (docs/operations.md "Risk cases"): the alerts of one member, in the inbox of the desk that
-- works them, taken by an investigator and closed with an outcome.

CREATE TABLE risk_cases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id bigint NOT NULL REFERENCES members (id),
  inbox text NOT NULL CHECK (inbox IN ('finance', 'marketing')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'closed')),
  assignee text,
  outcome text CHECK (outcome IN ('false_positive', 'valuable', 'confirmed')),
  -- What closing did to the member: nothing, a block of the account, a freeze of withdrawals.
  action text CHECK (action IN ('none', 'block', 'freeze')),
  opened_at timestamptz NOT NULL DEFAULT now(),
  last_alert_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  closed_by text,
  CHECK ((status = 'closed') = (outcome IS NOT NULL AND closed_at IS NOT NULL AND closed_by IS NOT NULL AND action IS NOT NULL)),
  CHECK (action IS NULL OR action = 'none' OR outcome = 'confirmed')
);
-- A member has at most one case open per inbox: a new alert joins it.
CREATE UNIQUE INDEX risk_cases_open_idx ON risk_cases (member_id, inbox) WHERE status <> 'closed';
CREATE INDEX risk_cases_inbox_idx ON risk_cases (status, inbox, last_alert_at DESC);
CREATE INDEX risk_cases_closed_idx ON risk_cases (closed_at) WHERE status = 'closed';

ALTER TABLE risk_decisions ADD COLUMN case_id uuid REFERENCES risk_cases (id);
-- A release takes two operators: the first proposes it, a different one releases.
ALTER TABLE risk_decisions ADD COLUMN release_proposed_by text;
ALTER TABLE risk_decisions ADD CONSTRAINT risk_decisions_release_two_operators_check
  CHECK (released_by IS NULL OR (release_proposed_by IS NOT NULL AND release_proposed_by <> released_by));
CREATE INDEX risk_decisions_case_idx ON risk_decisions (case_id, created_at) WHERE case_id IS NOT NULL;

-- Attachments are checked on upload (images re-encoded, PDFs walked) and kept here, at most 5 MB each.
CREATE TABLE risk_case_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES risk_cases (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'application/pdf')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) <= 5242880),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE risk_case_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES risk_cases (id),
  author text NOT NULL,
  body text NOT NULL CHECK (length(body) <= 4000),
  attachment_id uuid REFERENCES risk_case_attachments (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX risk_case_notes_case_idx ON risk_case_notes (case_id, created_at);

-- A rule left out of one member's decisions (it answers as if observing) until `until`, at most
-- 180 days from a reviewed case.
CREATE TABLE risk_snoozes (
  member_id bigint NOT NULL REFERENCES members (id),
  code text NOT NULL,
  until timestamptz NOT NULL,
  case_id uuid NOT NULL REFERENCES risk_cases (id),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, code),
  CHECK (until <= created_at + interval '180 days')
);

-- Withdrawals frozen by a confirmed case: the member is told `reason` through support.
CREATE TABLE risk_freezes (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  case_id uuid NOT NULL REFERENCES risk_cases (id),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Lifting takes two admins: the first proposes, a different one lifts.
  lift_proposed_by text
);
