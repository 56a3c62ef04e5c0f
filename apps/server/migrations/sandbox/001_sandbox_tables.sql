-- The sandboxes' own state (DESIGN §7): "their" databases, not ours, made only where sandboxes run
-- (config SANDBOXES). A database migrated before the sandboxes had migrations of their own holds
-- these tables already, as its product migrations made them: IF NOT EXISTS leaves them be.

CREATE TABLE IF NOT EXISTS sandbox_sms_messages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone       text NOT NULL,
  text        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sandbox_sms_phone_idx ON sandbox_sms_messages (phone, id);

-- The sandbox game provider's players and their transactions.
CREATE TABLE IF NOT EXISTS sandbox_provider_players (
  provider_code  text NOT NULL,
  username       text NOT NULL,
  password       text NOT NULL,
  credits        bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
  launch_token   text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_code, username)
);

CREATE TABLE IF NOT EXISTS sandbox_provider_transactions (
  tx_id          text PRIMARY KEY,
  provider_code  text NOT NULL,
  username       text NOT NULL,
  type           text NOT NULL CHECK (type IN ('deposit', 'withdraw', 'bet', 'win')),
  credits        bigint NOT NULL,
  status         text NOT NULL CHECK (status IN ('success', 'failed')),
  reason         text,
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- The sandbox gateway's QRs; a cancelled one refuses payment, as real gateways do.
CREATE TABLE IF NOT EXISTS sandbox_gateway_qrs (
  gateway_ref   text PRIMARY KEY,
  reference     text NOT NULL,
  method        text NOT NULL,
  amount        bigint NOT NULL,
  payload       text NOT NULL,
  paid_at       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  cancelled_at  timestamptz
);

CREATE TABLE IF NOT EXISTS sandbox_truemoney_vouchers (
  voucher_hash  text PRIMARY KEY,
  amount        bigint NOT NULL,
  -- A forced outcome lets testers produce every status code of PAYMENTS.md.
  outcome       text NOT NULL DEFAULT 'SUCCESS',
  redeemed_by   text,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- The sandbox bank: the transfers it knows, so slips it issued can be verified.
CREATE TABLE IF NOT EXISTS sandbox_bank_transfers (
  trans_ref        text PRIMARY KEY,
  sending_bank     text NOT NULL,
  from_account_no  text,
  to_account_no    text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  transferred_at   timestamptz NOT NULL,
  -- A forced verifier answer lets testers reach the verifier's failure codes.
  verify_outcome   text NOT NULL DEFAULT 'OK',
  created_at       timestamptz NOT NULL DEFAULT now()
);
