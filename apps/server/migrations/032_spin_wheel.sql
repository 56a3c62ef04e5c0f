-- The spin wheel (issue 13): campaigns and their slices, members' seed pairs, and every spin with
-- the coupon its prize became.

-- A campaign's slices are fixed when it is created: a changed wheel is a new campaign, so the
-- campaign names the version every spin was drawn from.
CREATE TABLE spin_campaigns (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        jsonb NOT NULL,             -- {th, lo, en}
  status      text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'active', 'paused')),
  starts_at   timestamptz,
  ends_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT spin_campaigns_window CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
);
-- One active campaign at a time, whatever races.
CREATE UNIQUE INDEX spin_campaigns_one_active_idx ON spin_campaigns (status) WHERE status = 'active';

CREATE TABLE spin_slices (
  campaign_id      uuid NOT NULL REFERENCES spin_campaigns (id),
  position         integer NOT NULL CHECK (position >= 0),
  code             text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,30}$'),
  label            jsonb NOT NULL,        -- {th, lo, en}
  description      jsonb NOT NULL,        -- sanitised html {th, lo, en}
  bg_color         text NOT NULL CHECK (bg_color ~ '^#[0-9a-fA-F]{6}$'),
  text_color       text NOT NULL CHECK (text_color ~ '^#[0-9a-fA-F]{6}$'),
  weight           integer NOT NULL CHECK (weight >= 0),
  prize_kind       text NOT NULL CHECK (prize_kind IN ('cash', 'bonus', 'coins', 'none')),
  -- Satang for cash and bonus, coins for coins, 0 for none.
  prize_amount     bigint NOT NULL CHECK (prize_amount >= 0),
  success_percent  integer CHECK (success_percent > 0),
  fail_percent     integer CHECK (fail_percent >= 0),
  coupon_days      integer NOT NULL DEFAULT 7 CHECK (coupon_days > 0),
  PRIMARY KEY (campaign_id, position),
  UNIQUE (campaign_id, code),
  CONSTRAINT spin_slices_prize_shape CHECK ((prize_kind = 'none') = (prize_amount = 0)),
  CONSTRAINT spin_slices_bonus_terms CHECK ((prize_kind = 'bonus') = (success_percent IS NOT NULL AND fail_percent IS NOT NULL))
);

-- Commit-reveal: the hash of the current server seed is shown before any spin it decides; the seed
-- itself only once the member rotates away from it.
CREATE TABLE spin_seeds (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id         bigint NOT NULL REFERENCES members (id),
  server_seed       text NOT NULL,
  server_seed_hash  text NOT NULL,
  client_seed       text NOT NULL,
  next_nonce        integer NOT NULL DEFAULT 0,
  revealed_at       timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX spin_seeds_current_idx ON spin_seeds (member_id) WHERE revealed_at IS NULL;

-- Every spin: who, which campaign, the weights and draw that decided it, the slice and its prize;
-- the prize is the member's coupon (status), claimed once.
CREATE TABLE spins (
  id                 uuid PRIMARY KEY,
  member_id          bigint NOT NULL REFERENCES members (id),
  campaign_id        uuid NOT NULL REFERENCES spin_campaigns (id),
  seed_id            uuid NOT NULL REFERENCES spin_seeds (id),
  nonce              integer NOT NULL,
  weights            jsonb NOT NULL,
  draw               double precision NOT NULL CHECK (draw >= 0 AND draw < 1),
  slice_position     integer NOT NULL,
  slice_code         text NOT NULL,
  slice_label        jsonb NOT NULL,
  prize_kind         text NOT NULL CHECK (prize_kind IN ('cash', 'bonus', 'coins', 'none')),
  prize_amount       bigint NOT NULL CHECK (prize_amount >= 0),
  success_percent    integer,
  fail_percent       integer,
  coin_transfer_id   bigint NOT NULL REFERENCES ledger_transfers (id),
  idempotency_key    text,
  status             text NOT NULL CHECK (status IN ('none', 'claimable', 'claimed', 'voided')),
  expires_at         timestamptz NOT NULL,
  claim_id           uuid REFERENCES reward_claims (id),
  claim_transfer_id  bigint REFERENCES ledger_transfers (id),
  claim_key          text,
  claimed_at         timestamptz,
  void_reason        text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT spins_nonce_once UNIQUE (seed_id, nonce),
  CONSTRAINT spins_claimed_paid CHECK ((status = 'claimed') = (claimed_at IS NOT NULL))
);
CREATE INDEX spins_member_idx ON spins (member_id, created_at DESC);
CREATE INDEX spins_campaign_idx ON spins (campaign_id, slice_position);
CREATE UNIQUE INDEX spins_key_idx ON spins (member_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
