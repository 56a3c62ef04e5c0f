-- Reconciliation with the outside records (game providers, the payment gateway, the operator's bank
-- account): the matching rules of each source, every run with its counts, and what did not match,
-- each exception with an owner and a resolution.

-- A source's rule is never edited: saving one adds the next version, and each run names the one it used.
CREATE TABLE reconciliation_rules (
  source text NOT NULL CHECK (source IN ('provider', 'gateway', 'bank')),
  version integer NOT NULL CHECK (version > 0),
  settings jsonb NOT NULL,
  note text,
  created_by bigint REFERENCES admin_users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, version)
);

CREATE TABLE reconciliation_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source text NOT NULL,
  day date NOT NULL,
  rule_version integer NOT NULL,
  -- Who asked: an operator's username, or null for the schedule.
  asked_by text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  error text,
  ours integer,
  theirs integer,
  matched integer,
  exceptions integer,
  -- Per currency: our total, theirs, and what matched.
  totals jsonb,
  FOREIGN KEY (source, rule_version) REFERENCES reconciliation_rules (source, version)
);
CREATE INDEX reconciliation_runs_recent_idx ON reconciliation_runs (started_at DESC, id DESC);
CREATE INDEX reconciliation_runs_day_idx ON reconciliation_runs (source, day, id DESC);

-- One row per disagreement, found again (not again inserted) by later runs of its day: `last_seen_run`
-- moves on; when a run no longer finds it (a late webhook credited, a provider's late record) an
-- open one is cleared by that run.
CREATE TABLE reconciliation_exceptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source text NOT NULL,
  day date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('ours_only', 'theirs_only', 'amount_differs', 'date_differs')),
  -- What it is on each side: our transfer, deposit or withdrawal; their transaction, payment or statement line.
  our_ref text NOT NULL DEFAULT '',
  their_ref text NOT NULL DEFAULT '',
  currency text NOT NULL,
  our_amount bigint,
  their_amount bigint,
  member_id bigint,
  detail jsonb NOT NULL DEFAULT '{}',
  opened_run bigint NOT NULL REFERENCES reconciliation_runs (id),
  last_seen_run bigint NOT NULL REFERENCES reconciliation_runs (id),
  opened_at timestamptz NOT NULL DEFAULT now(),
  assignee bigint REFERENCES admin_users (id),
  assigned_at timestamptz,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'cleared', 'matched', 'correcting', 'corrected', 'write_off_proposed', 'written_off')),
  resolution_reason text,
  correction_id uuid REFERENCES money_corrections (id),
  proposed_by bigint REFERENCES admin_users (id),
  decided_by bigint REFERENCES admin_users (id),
  resolved_at timestamptz,
  -- A write-off is proposed by one operator and approved by another, as a correction is.
  CONSTRAINT reconciliation_write_off_four_eyes CHECK (decided_by IS NULL OR proposed_by IS NULL OR decided_by <> proposed_by),
  UNIQUE (source, kind, our_ref, their_ref)
);
CREATE INDEX reconciliation_exceptions_open_idx ON reconciliation_exceptions (opened_at)
  WHERE status IN ('open', 'correcting', 'write_off_proposed');
CREATE INDEX reconciliation_exceptions_correction_idx ON reconciliation_exceptions (correction_id) WHERE correction_id IS NOT NULL;

CREATE TABLE reconciliation_exception_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  exception_id uuid NOT NULL REFERENCES reconciliation_exceptions (id),
  admin_id bigint NOT NULL REFERENCES admin_users (id),
  note text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reconciliation_exception_notes_idx ON reconciliation_exception_notes (exception_id, id);

-- The rules every source starts with (ADR 0348): the provider and the gateway match on the
-- reference both sides carry, to the minor unit, with the gateway's fee at its contract rate;
-- the bank's statement carries none of ours, so it matches on amount, the counterparty's account
-- and time.
INSERT INTO reconciliation_rules (source, version, settings, note) VALUES
  ('provider', 1, '{"matchOn": "reference", "amountTolerance": 0, "dateWindowMinutes": 10, "feeBasisPoints": null}', 'starting rule'),
  ('gateway', 1, '{"matchOn": "reference", "amountTolerance": 0, "dateWindowMinutes": 60, "feeBasisPoints": 150}', 'starting rule'),
  ('bank', 1, '{"matchOn": "amount", "amountTolerance": 0, "dateWindowMinutes": 30, "feeBasisPoints": null}', 'starting rule');
