-- Whether a game provider lets the operator end a player's open game sessions (log the game account
-- out): a break or a self-exclusion ends them at the providers that do. Providers are operator
-- configuration, and one not known to offer it is asked nothing: false until the operator says so.
ALTER TABLE providers ADD COLUMN ends_sessions boolean NOT NULL DEFAULT false;
