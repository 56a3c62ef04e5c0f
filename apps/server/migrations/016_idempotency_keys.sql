-- What each Idempotency-Key was first used for (DESIGN §4): a reuse for anything else is refused.
CREATE TABLE idempotency_keys (
  owner        text NOT NULL,
  key          text NOT NULL,
  fingerprint  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, key)
);
