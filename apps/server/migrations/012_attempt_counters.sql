-- Attempt limits (login, OTP, password change) as one counter row per key: a request takes an
-- attempt with a single INSERT … ON CONFLICT DO UPDATE … WHERE attempts < limit, which the row lock
-- makes atomic, so parallel requests can never be checked beyond the limit.
CREATE TABLE attempt_counters (
  key                text PRIMARY KEY,
  window_started_at  timestamptz NOT NULL,
  attempts           integer NOT NULL CHECK (attempts >= 0)
);
CREATE INDEX attempt_counters_window_idx ON attempt_counters (window_started_at);

-- Counted per attempt row before; the counters above replace it.
DROP TABLE login_failures;
