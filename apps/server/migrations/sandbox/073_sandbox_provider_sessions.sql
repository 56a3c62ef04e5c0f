-- The sandbox game provider's open game sessions (DESIGN §7): one per launch of a game account, open
-- until the operator ends them (a break or a self-exclusion logs the player out). A player had one
-- launch token before; an open one becomes a session.
CREATE TABLE IF NOT EXISTS sandbox_provider_sessions (
  token          text PRIMARY KEY,
  provider_code  text NOT NULL,
  username       text NOT NULL,
  opened_at      timestamptz NOT NULL DEFAULT now(),
  ended_at       timestamptz,
  FOREIGN KEY (provider_code, username) REFERENCES sandbox_provider_players (provider_code, username)
);
CREATE INDEX IF NOT EXISTS sandbox_provider_sessions_open_idx ON sandbox_provider_sessions (provider_code, username) WHERE ended_at IS NULL;

INSERT INTO sandbox_provider_sessions (token, provider_code, username)
  SELECT launch_token, provider_code, username FROM sandbox_provider_players WHERE launch_token IS NOT NULL
  ON CONFLICT DO NOTHING;
ALTER TABLE sandbox_provider_players DROP COLUMN IF EXISTS launch_token;
