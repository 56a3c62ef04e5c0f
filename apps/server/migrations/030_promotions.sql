-- Promotions (issue 12): bonuses and promotion codes (offers), their claims, invite rewards,
-- refunds, banners, programme settings; conditions learn which offer opened them.

-- Bonuses and promotion codes share one shape: what is paid, and the condition it opens.
CREATE TABLE offers (
  code             text PRIMARY KEY CHECK (code = upper(code) AND code ~ '^[A-Z0-9_-]{1,30}$'),
  kind             text NOT NULL CHECK (kind IN ('bonus', 'promotion')),
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'retired')),
  name             jsonb NOT NULL,            -- {th, lo, en}
  description      jsonb NOT NULL,            -- sanitised html {th, lo, en}
  bonus_type       text CHECK (bonus_type IN ('limit', 'day', 'week')),
  max_received     integer NOT NULL DEFAULT 1 CHECK (max_received > 0),
  global_cap       integer CHECK (global_cap > 0),
  claimed_count    integer NOT NULL DEFAULT 0,
  reward_mode      text NOT NULL CHECK (reward_mode IN ('share', 'fixed')),
  reward_percent   numeric(7, 2),
  reward_amount    bigint CHECK (reward_amount > 0),
  reward_cap       bigint CHECK (reward_cap > 0),
  minimum_deposit  bigint NOT NULL DEFAULT 0 CHECK (minimum_deposit >= 0),
  has_condition    boolean NOT NULL DEFAULT true,
  success_percent  integer NOT NULL CHECK (success_percent > 0),
  fail_percent     integer NOT NULL CHECK (fail_percent >= 0),
  clear_mode       text NOT NULL DEFAULT 'remaining' CHECK (clear_mode IN ('remaining', 'reward', 'none')),
  starts_at        timestamptz,
  ends_at          timestamptz,
  sort_order       integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT offers_bonus_has_type CHECK ((kind = 'bonus') = (bonus_type IS NOT NULL)),
  CONSTRAINT offers_reward_shape CHECK (
    (reward_mode = 'share' AND reward_percent > 0 AND reward_amount IS NULL) OR
    (reward_mode = 'fixed' AND reward_amount IS NOT NULL AND reward_percent IS NULL)),
  -- A promotion racing to its global cap: the conditional increment decides, this holds it.
  CONSTRAINT offers_within_cap CHECK (global_cap IS NULL OR claimed_count <= global_cap)
);

-- Every reward a member received: offers, invite rewards, refunds (later spin prizes).
CREATE TABLE reward_claims (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id        bigint NOT NULL REFERENCES members (id),
  kind             text NOT NULL CHECK (kind IN ('bonus', 'promotion', 'invite', 'refund', 'spin')),
  offer_code       text REFERENCES offers (code),
  amount           bigint NOT NULL CHECK (amount > 0),
  -- The deposits the reward was a share of (0 for invite and refund rewards).
  deposit_amount   bigint NOT NULL DEFAULT 0,
  condition_id     uuid REFERENCES member_conditions (id),
  transfer_id      bigint NOT NULL REFERENCES ledger_transfers (id),
  -- Bangkok calendar day and ISO week of the claim, for the day and week caps.
  claim_day        text NOT NULL,
  claim_week       text NOT NULL,
  idempotency_key  text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reward_claims_member_idx ON reward_claims (member_id, created_at DESC);
CREATE INDEX reward_claims_offer_idx ON reward_claims (offer_code, member_id);
-- A promotion code once per member, whatever races.
CREATE UNIQUE INDEX reward_claims_promotion_once_idx ON reward_claims (member_id, offer_code) WHERE kind = 'promotion';
CREATE UNIQUE INDEX reward_claims_key_idx ON reward_claims (member_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- A condition knows the offer and the reward behind it, and what ending it took back.
ALTER TABLE member_conditions DROP CONSTRAINT member_conditions_kind_check;
ALTER TABLE member_conditions ADD CONSTRAINT member_conditions_kind_check CHECK (kind IN ('bonus', 'promotion', 'refund', 'invite', 'spin'));
ALTER TABLE member_conditions
  ADD COLUMN reward_amount bigint NOT NULL DEFAULT 0,
  ADD COLUMN clear_mode text NOT NULL DEFAULT 'none' CHECK (clear_mode IN ('remaining', 'reward', 'none')),
  ADD COLUMN cleared_amount bigint NOT NULL DEFAULT 0,
  ADD COLUMN clear_transfer_id bigint REFERENCES ledger_transfers (id),
  ADD COLUMN ended_by text,
  ADD COLUMN end_reason text;
CREATE INDEX member_conditions_member_idx ON member_conditions (member_id, created_at DESC);

-- Invite rewards accrue per invitee deposit (once per deposit), and are claimed together.
CREATE TABLE invite_accruals (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  inviter_id       bigint NOT NULL REFERENCES members (id),
  invitee_id       bigint NOT NULL REFERENCES members (id),
  deposit_id       uuid NOT NULL UNIQUE,
  amount           bigint NOT NULL CHECK (amount > 0),
  -- review: an overlap signal an operator must look at; refused: a clear overlap.
  status           text NOT NULL CHECK (status IN ('accrued', 'review', 'refused', 'claimed')),
  signals          text[] NOT NULL DEFAULT '{}',
  claim_id         uuid REFERENCES reward_claims (id),
  decided_by       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invite_accruals_not_self CHECK (inviter_id <> invitee_id)
);
CREATE INDEX invite_accruals_inviter_idx ON invite_accruals (inviter_id, created_at DESC);
CREATE INDEX invite_accruals_review_idx ON invite_accruals (created_at) WHERE status = 'review';

-- Where a member registered from: the invite overlap signals compare it.
ALTER TABLE members ADD COLUMN registered_ip text, ADD COLUMN registered_user_agent text;

-- Refunds: each records the member's cumulative net game loss it was computed up to.
CREATE TABLE refund_marks (
  claim_id         uuid PRIMARY KEY REFERENCES reward_claims (id),
  member_id        bigint NOT NULL REFERENCES members (id),
  net_loss_total   bigint NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refund_marks_member_idx ON refund_marks (member_id, created_at DESC);

-- Banners: home invite and refund carousels, and each bonus's pictures.
CREATE TABLE banners (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  placement        text NOT NULL CHECK (placement IN ('invite', 'refund', 'bonus')),
  offer_code       text REFERENCES offers (code),
  position         integer NOT NULL DEFAULT 0,
  image_file       text NOT NULL,
  html             jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT banners_bonus_has_offer CHECK ((placement = 'bonus') = (offer_code IS NOT NULL))
);
CREATE INDEX banners_placement_idx ON banners (placement, offer_code, position);
