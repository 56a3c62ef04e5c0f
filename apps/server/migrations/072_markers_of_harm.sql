-- Markers of harm (player protection): what a member tried that protection refused, the versions
-- of the marker rules, each member's latest assessment, and the cases operators work from it.

-- A deposit a limit or a restriction refused, or an early return asked for: markers read them.
CREATE TABLE protection_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('deposit_refused', 'early_return')),
  detail text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX protection_events_member_idx ON protection_events (member_id, created_at DESC);
CREATE INDEX protection_events_time_idx ON protection_events (created_at);

-- An operator-applied restriction is lifted by two operators: one proposes, another lifts.
ALTER TABLE protection_restrictions
  ADD COLUMN lift_proposed_by text,
  ADD COLUMN lifted_by text,
  ADD COLUMN lifted_at timestamptz,
  ADD CHECK (lifted_at IS NULL OR (operator IS NOT NULL AND lifted_by IS NOT NULL AND lift_proposed_by IS NOT NULL AND lifted_by <> lift_proposed_by));

-- Each change of a marker rule (or of the level thresholds, code 'levels') is a new version.
CREATE TABLE harm_rule_versions (
  code text NOT NULL CHECK (code ~ '^[a-z_]{3,40}$'),
  version integer NOT NULL CHECK (version >= 1),
  points integer NOT NULL CHECK (points BETWEEN 0 AND 20),
  params jsonb NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (code, version)
);

-- The member's latest assessment: its score, level and the markers that fired, with their versions.
CREATE TABLE harm_assessments (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  score integer NOT NULL,
  level text NOT NULL CHECK (level IN ('none', 'monitor', 'interact', 'intervene')),
  markers jsonb NOT NULL,
  assessed_at timestamptz NOT NULL DEFAULT now()
);

-- A case opens when a member reaches interact or intervene; its first action is due within the hour.
CREATE TABLE harm_cases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id bigint NOT NULL REFERENCES members (id),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  level text NOT NULL CHECK (level IN ('interact', 'intervene')),
  score integer NOT NULL,
  markers jsonb NOT NULL,
  assessed_at timestamptz NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  due_at timestamptz NOT NULL DEFAULT now() + interval '1 hour',
  first_action_at timestamptz,
  outcome text CHECK (outcome IN ('no_concern', 'supported', 'restricted')),
  closing_note text,
  closed_by text,
  closed_at timestamptz,
  CHECK ((status = 'closed') = (outcome IS NOT NULL AND closed_by IS NOT NULL AND closed_at IS NOT NULL AND first_action_at IS NOT NULL))
);
CREATE UNIQUE INDEX harm_cases_one_open_idx ON harm_cases (member_id) WHERE status = 'open';
CREATE INDEX harm_cases_status_idx ON harm_cases (status, opened_at DESC);
CREATE INDEX harm_cases_member_idx ON harm_cases (member_id, opened_at DESC);

CREATE TABLE harm_case_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES harm_cases (id),
  kind text NOT NULL CHECK (kind IN ('message', 'break', 'limit', 'note')),
  detail text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX harm_case_actions_case_idx ON harm_case_actions (case_id, created_at);

-- How far the sweep that assesses members has read: the ledger's transfers and protection's own
-- events and limit changes, by id (one row; a node takes it with SKIP LOCKED).
CREATE TABLE harm_sweep_cursor (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  transfer_id bigint NOT NULL DEFAULT 0,
  event_id bigint NOT NULL DEFAULT 0,
  change_id bigint NOT NULL DEFAULT 0,
  swept_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO harm_sweep_cursor DEFAULT VALUES;
