-- Foundation: settings, reference data, members, sessions, OTP, operators, sandbox SMS.

CREATE TABLE settings (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE banks (
  code                  text PRIMARY KEY,
  name_th               text NOT NULL,
  name_en               text NOT NULL,
  slip_code             text,
  country               text NOT NULL CHECK (country IN ('TH', 'LA')),
  sort_order            integer NOT NULL DEFAULT 0,
  enabled               boolean NOT NULL DEFAULT true
);

CREATE TABLE sources (
  code          text PRIMARY KEY,
  description   jsonb NOT NULL, -- { "th": "...", "lo": "...", "en": "..." }
  sort_order    integer NOT NULL DEFAULT 0
);

-- Operator-written texts shown to members, per language: contact, conditions, agreements, notice.
CREATE TABLE site_texts (
  kind      text NOT NULL CHECK (kind IN ('contact', 'condition', 'agreement', 'notice')),
  lang      text NOT NULL CHECK (lang IN ('th', 'lo', 'en')),
  position  integer NOT NULL DEFAULT 0,
  body      text NOT NULL,
  PRIMARY KEY (kind, lang, position)
);

CREATE SEQUENCE member_id_seq START WITH 100001;

CREATE TABLE members (
  id                 bigint PRIMARY KEY DEFAULT nextval('member_id_seq'),
  phone              text NOT NULL UNIQUE,
  name               text NOT NULL,
  password_hash      text NOT NULL,
  status             text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  bank_code          text NOT NULL REFERENCES banks (code),
  bank_account_no    text NOT NULL,
  bank_account_name  text NOT NULL,
  currency           text NOT NULL DEFAULT 'THB',
  source_code        text REFERENCES sources (code),
  inviter_id         bigint REFERENCES members (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT members_bank_account_unique UNIQUE (bank_code, bank_account_no)
);
ALTER SEQUENCE member_id_seq OWNED BY members.id;

CREATE TABLE sessions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id   bigint NOT NULL REFERENCES members (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  ip          text,
  user_agent  text
);
CREATE INDEX sessions_member_idx ON sessions (member_id);

CREATE TABLE login_failures (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone       text NOT NULL,
  ip          text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_phone_idx ON login_failures (phone, created_at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, created_at);

CREATE TABLE otp_requests (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  phone           text NOT NULL,
  token_hash      text NOT NULL UNIQUE,
  ref             text NOT NULL,
  code_hash       text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  wrong_attempts  integer NOT NULL DEFAULT 0,
  verified_at     timestamptz,
  used_at         timestamptz
);
CREATE INDEX otp_requests_phone_idx ON otp_requests (phone, created_at);

CREATE TABLE phone_blocks (
  phone          text PRIMARY KEY,
  blocked_until  timestamptz NOT NULL
);

CREATE TABLE admin_users (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username       text NOT NULL UNIQUE,
  password_hash  text NOT NULL,
  role           text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'finance', 'support')),
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_sessions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id    bigint NOT NULL REFERENCES admin_users (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);

CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor       text NOT NULL,
  action      text NOT NULL,
  detail      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);


-- The operator's receiving accounts offered in the deposit modal (SPEC §3 Deposit lookup).
CREATE TABLE deposit_accounts (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bank_code          text NOT NULL REFERENCES banks (code),
  bank_type          text NOT NULL,            -- BANK, QR, GATEWAY
  mode               text NOT NULL,            -- AUTO or MANUAL
  currency           text NOT NULL DEFAULT 'THB',
  account_name       text NOT NULL,
  account_no         text NOT NULL,
  enabled            boolean NOT NULL DEFAULT true,
  sort_order         integer NOT NULL DEFAULT 0
);

CREATE TABLE deposit_wallets (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mode                 text NOT NULL,          -- AUTO or GIFT (TrueMoney)
  wallet_account_name  text NOT NULL,
  enabled              boolean NOT NULL DEFAULT true,
  sort_order           integer NOT NULL DEFAULT 0
);
