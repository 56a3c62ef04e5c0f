-- The sandbox LINE platform (DESIGN §7): the LINE users testers create, whether each has our
-- Official Account as a friend, LINE Login's authorization codes, and each user's inbox of pushed
-- messages, keyed by the sender's retry key so a resend is delivered once.
CREATE TABLE IF NOT EXISTS sandbox_line_users (
  user_id       text PRIMARY KEY,
  display_name  text NOT NULL,
  friendship    text NOT NULL DEFAULT 'none' CHECK (friendship IN ('none', 'following', 'blocked')),
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS sandbox_line_codes (
  code          text PRIMARY KEY,
  user_id       text NOT NULL REFERENCES sandbox_line_users (user_id),
  client_id     text NOT NULL,
  redirect_uri  text NOT NULL,
  nonce         text,
  scope         text NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);

CREATE TABLE IF NOT EXISTS sandbox_line_messages (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id    text NOT NULL UNIQUE,
  retry_key     text UNIQUE,
  user_id       text NOT NULL REFERENCES sandbox_line_users (user_id),
  messages      text NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sandbox_line_messages_user_idx ON sandbox_line_messages (user_id, id);
