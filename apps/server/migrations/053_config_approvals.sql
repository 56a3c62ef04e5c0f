-- Money-making configuration with four eyes: an offer, a programme setting or a spin campaign
-- above the operator's thresholds waits here until a second operator approves it; only the
-- approval applies it, in the approval's transaction.
CREATE TABLE config_changes (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind           text NOT NULL CHECK (kind IN ('offer.create', 'offer.update', 'settings.change', 'spin.activate')),
  -- An offer's code, a campaign's id, or 'site'.
  subject        text NOT NULL,
  currency       text CHECK (currency IN ('THB', 'LAK')),
  reasons        text[] NOT NULL CHECK (cardinality(reasons) > 0),
  -- The full proposed value (what approval applies) and the value before it, amounts in major units.
  proposed       jsonb NOT NULL,
  previous       jsonb,
  status         text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'rejected')),
  proposed_by    bigint NOT NULL REFERENCES admin_users (id),
  decided_by     bigint REFERENCES admin_users (id),
  decision_note  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  decided_at     timestamptz,
  -- Nobody decides their own proposal, whatever code writes the row.
  CONSTRAINT config_changes_four_eyes CHECK (decided_by IS NULL OR decided_by <> proposed_by),
  CONSTRAINT config_changes_decided CHECK ((status = 'proposed') = (decided_by IS NULL))
);
CREATE INDEX config_changes_status_idx ON config_changes (status, created_at);
