-- A forgotten password is reset with an SMS code (docs/decisions.md, "Forgotten password"). Codes
-- for registration and for a reset share the table, the limits and the phone's block; each is
-- looked up only for its own purpose, so one cannot be spent on the other.
ALTER TABLE otp_requests
  ADD COLUMN purpose text NOT NULL DEFAULT 'register'
  CONSTRAINT otp_requests_purpose_known CHECK (purpose IN ('register', 'password-reset'));
