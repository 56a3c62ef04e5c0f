-- Members' accounts at game providers and the two-phase transfers to and from them (DESIGN §5).

CREATE TABLE game_accounts (
  member_id           bigint NOT NULL REFERENCES members (id),
  provider_code       text NOT NULL REFERENCES providers (code),
  username            text NOT NULL,
  password_encrypted  text NOT NULL,           -- AES-256-GCM, see src/modules/wallet/secrets.ts
  -- Provider credits in minor units as last read from the provider, for display.
  cached_credits      bigint NOT NULL DEFAULT 0,
  balance_synced_at   timestamptz,
  -- Bumped whenever a transfer to or from this account starts or settles, so a result sync
  -- that read the provider balance before such a change knows to skip.
  transfer_version    bigint NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, provider_code),
  UNIQUE (provider_code, username)
);

CREATE TABLE provider_transfers (
  id               uuid PRIMARY KEY,            -- our transaction id, sent to the provider
  member_id        bigint NOT NULL REFERENCES members (id),
  provider_code    text NOT NULL REFERENCES providers (code),
  direction        text NOT NULL CHECK (direction IN ('deposit', 'withdraw')),
  amount           bigint NOT NULL CHECK (amount > 0),    -- satang
  credits          bigint NOT NULL CHECK (credits > 0),   -- provider credit minor units
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'voided')),
  idempotency_key  text,
  failure_reason   text,
  attempts         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  settled_at       timestamptz,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX provider_transfers_pending_idx ON provider_transfers (created_at) WHERE status = 'pending';
CREATE INDEX provider_transfers_member_idx ON provider_transfers (member_id, provider_code, status);


