-- QR deposits (SPEC §3 QR code record, §4 QR deposit; DESIGN §6 Deposits).
CREATE TABLE deposit_qrcodes (
  id           uuid PRIMARY KEY,
  member_id    bigint NOT NULL REFERENCES members (id),
  method       text NOT NULL,                 -- KBANK, BCEL (bank QR) or WW, ZAPMAN (gateways)
  amount       bigint NOT NULL CHECK (amount > 0),
  payload      text NOT NULL,                 -- the EMVCo string the QR carries
  gateway_ref  text NOT NULL UNIQUE,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposit_qrcodes_member_idx ON deposit_qrcodes (member_id, method, status);

-- Every confirmed deposit, once per outside reference (DESIGN §6: credits the wallet once).
CREATE TABLE deposits (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id     bigint NOT NULL REFERENCES members (id),
  method        text NOT NULL,
  amount        bigint NOT NULL CHECK (amount > 0),
  external_ref  text NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposits_member_idx ON deposits (member_id, created_at);

-- Webhook deliveries already processed: a replayed delivery is refused.
CREATE TABLE webhook_events (
  event_id     text PRIMARY KEY,
  received_at  timestamptz NOT NULL DEFAULT now()
);

