-- Withdrawal conditions (DESIGN §6 Conditions; SPEC §4 "taking a bonus, refund or invite bonus puts
-- wallet and game balances under a withdrawal condition"). One active condition per member.
CREATE TABLE member_conditions (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id        bigint NOT NULL REFERENCES members (id),
  kind             text NOT NULL CHECK (kind IN ('bonus', 'refund', 'invite')),
  -- What was taken: a bonus or promotion code, or the refund / invite reward it came from.
  source           text NOT NULL,
  -- Deposit plus bonus, minor units: the targets are percentages of it.
  base_amount      bigint NOT NULL CHECK (base_amount > 0),
  success_percent  integer NOT NULL CHECK (success_percent > 0),
  fail_percent     integer NOT NULL CHECK (fail_percent >= 0),
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'ended')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  closed_at        timestamptz
);
CREATE UNIQUE INDEX member_conditions_one_active_idx ON member_conditions (member_id) WHERE status = 'active';
