-- Notices: what members are told when the app is closed (a deposit credited, a withdrawal paid or
-- refused, a support reply...), written in the same transaction as the event itself, one per event,
-- and sent by a worker on every node through the member's channels in turn (LINE, web push, SMS).
CREATE TABLE notices (
  id uuid PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('deposit_credited', 'withdrawal_paid', 'withdrawal_refused', 'support_reply', 'bonus_reached', 'bonus_expiring', 'limit_raised', 'break_ended', 'offer')),
  -- The event it tells of ('deposit:<id>'): written twice, it is one notice.
  event_key text NOT NULL UNIQUE,
  -- What the texts are filled with: amount and currency, a reason code.
  facts jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'suppressed', 'undelivered')),
  -- The channel being tried, then the one that delivered; the ones given up on, in order.
  channel text CHECK (channel IN ('line', 'push', 'sms')),
  given_up text[] NOT NULL DEFAULT '{}',
  tries_on_channel integer NOT NULL DEFAULT 0,
  due_at timestamptz NOT NULL,
  -- A worker's claim: another node takes the notice only once it lapses (a crash mid-send).
  claimed_until timestamptz,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  -- Why it was suppressed or not delivered.
  outcome text
);
CREATE INDEX notices_due_idx ON notices (due_at) WHERE state = 'pending';
CREATE INDEX notices_member_idx ON notices (member_id, created_at DESC);
CREATE INDEX notices_created_idx ON notices (created_at);

-- Every try on a channel, for the member's delivery history and the rates per channel.
CREATE TABLE notice_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  notice_id uuid NOT NULL REFERENCES notices (id),
  channel text NOT NULL CHECK (channel IN ('line', 'push', 'sms')),
  outcome text NOT NULL CHECK (outcome IN ('sent', 'failed', 'unreachable')),
  detail text,
  at timestamptz NOT NULL
);
CREATE INDEX notice_attempts_notice_idx ON notice_attempts (notice_id);
CREATE INDEX notice_attempts_at_idx ON notice_attempts (at);

-- What the member chose: the channels for each group of notices, quiet hours (minutes of the day,
-- the site's time zone; from = to is none), and the language notices are written in.
CREATE TABLE member_notice_settings (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  language text NOT NULL CHECK (language IN ('th', 'lo', 'en')),
  channels jsonb NOT NULL,
  quiet_from smallint NOT NULL DEFAULT 0 CHECK (quiet_from BETWEEN 0 AND 1439),
  quiet_to smallint NOT NULL DEFAULT 0 CHECK (quiet_to BETWEEN 0 AND 1439),
  updated_at timestamptz NOT NULL
);

-- The member's installed apps that take web push: one row per browser subscription.
CREATE TABLE push_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_member_idx ON push_subscriptions (member_id);
