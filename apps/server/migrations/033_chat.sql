-- Support chat (issue 14): one conversation per customer (a member, or a guest the server issued an
-- id to), its messages numbered in order, and the agents' saved replies.

CREATE TABLE chat_conversations (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id          bigint UNIQUE REFERENCES members (id),
  -- The public half of a guest id (the secret half never reaches the database).
  guest_key          text UNIQUE,
  status             text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ended')),
  -- A session runs from the first message after an end to the next end (SPEC §3 session_id).
  session_id         uuid NOT NULL DEFAULT gen_random_uuid(),
  assigned_to        bigint REFERENCES admin_users (id),
  last_seq           integer NOT NULL DEFAULT 0,
  -- The last message each side has read (by sequence number).
  customer_read_seq  integer NOT NULL DEFAULT 0,
  agent_read_seq     integer NOT NULL DEFAULT 0,
  last_message_at    timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT chat_conversations_one_customer CHECK ((member_id IS NULL) <> (guest_key IS NULL))
);
CREATE INDEX chat_conversations_recent_idx ON chat_conversations (last_message_at DESC);

CREATE TABLE chat_messages (
  conversation_id  uuid NOT NULL REFERENCES chat_conversations (id),
  seq              integer NOT NULL,
  id               uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  session_id       uuid NOT NULL,
  sender           text NOT NULL CHECK (sender IN ('customer', 'agent', 'system')),
  operator_id      bigint REFERENCES admin_users (id),
  message_type     text NOT NULL,
  payload          jsonb,
  payloads         jsonb,
  -- The sender's own id for the message: a resend after a lost answer is not stored twice.
  client_id        text,
  -- When the other side's app received it, and when they read it (SPEC §4 read marks).
  delivered_at     timestamptz,
  read_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, seq)
);
CREATE UNIQUE INDEX chat_messages_client_idx ON chat_messages (conversation_id, client_id) WHERE client_id IS NOT NULL;

-- Uploaded pictures and videos, each tied to the conversation it was sent in.
CREATE TABLE chat_files (
  name             text PRIMARY KEY CHECK (name ~ '^[a-z0-9-]+\.(jpg|gif|png|mp4|mov)$'),
  conversation_id  uuid NOT NULL REFERENCES chat_conversations (id),
  content_type     text NOT NULL,
  size             integer NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chat_templates (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title         text NOT NULL,
  message_type  text NOT NULL CHECK (message_type IN ('text', 'buttons', 'quick_replies', 'generic')),
  payload       jsonb,
  payloads      jsonb,
  created_at    timestamptz NOT NULL DEFAULT now()
);
