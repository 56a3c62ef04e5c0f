-- The sandbox push service (DESIGN §7), which also plays the member's browser: each subscription
-- keeps the browser's private key and auth secret, so the service can decrypt what it is sent, as
-- only the browser can; the inbox keeps what arrived, decrypted, with the request's delivery headers.
CREATE TABLE IF NOT EXISTS sandbox_push_subscriptions (
  id           text PRIMARY KEY,
  private_key  text NOT NULL,
  public_key   text NOT NULL,
  auth_secret  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS sandbox_push_messages (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id  text NOT NULL REFERENCES sandbox_push_subscriptions (id),
  payload          text NOT NULL,
  ttl              integer NOT NULL CHECK (ttl >= 0),
  urgency          text,
  topic            text,
  received_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sandbox_push_messages_subscription_idx ON sandbox_push_messages (subscription_id, id);
