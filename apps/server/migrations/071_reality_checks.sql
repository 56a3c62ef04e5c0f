-- How often the member app shows a member their reality check (player protection): minutes of a
-- signed-in session between two checks, chosen by the member from 10 to 120. A member without a
-- row has the default (60, packages/contract figures.ts).
CREATE TABLE member_reality_checks (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  interval_minutes smallint NOT NULL CHECK (interval_minutes BETWEEN 10 AND 120),
  updated_at timestamptz NOT NULL DEFAULT now()
);
