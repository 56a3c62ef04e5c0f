-- Player protection (docs/operations.md "Player protection"): the limits a member sets, the breaks and
-- self-exclusions in force, and the deposits that arrived past a limit or during a restriction.

-- One row per member and kind of limit: the limit in force and, while a raise or a removal waits out
-- its cooling period, what it becomes and when. Transfers to games and deposits lock the rows of
-- their kinds (FOR UPDATE), so a member's parallel movements are checked one after the other.
CREATE TABLE protection_limits (
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'transfer_day', 'session_minutes')),
  -- Minor units of the member's wallet currency (minutes for session_minutes); null: no limit.
  amount bigint CHECK (amount > 0),
  next_amount bigint CHECK (next_amount > 0),
  next_at timestamptz,
  -- The site's time zone when the limit was set: its days, weeks (from Monday) and months.
  time_zone text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind),
  CHECK (next_at IS NOT NULL OR next_amount IS NULL)
);

-- Every change a member or an operator asked for, as asked: the history the member and the console see.
CREATE TABLE protection_limit_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL,
  from_amount bigint,
  to_amount bigint,
  effective_at timestamptz NOT NULL,
  -- null: the member; else the operator's username.
  operator text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX protection_limit_changes_member_idx ON protection_limit_changes (member_id, created_at DESC);

-- Breaks end by themselves; a self-exclusion ends only when its time has passed, the member has asked
-- to return and 24 hours have gone by since. None is ever shortened: rows are only added to.
CREATE TABLE protection_restrictions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('break', 'exclusion')),
  starts_at timestamptz NOT NULL DEFAULT now(),
  -- null: a self-exclusion without end.
  ends_at timestamptz,
  return_requested_at timestamptz,
  -- null: the member took it; else the operator who applied it, with the reason.
  operator text,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'exclusion' OR ends_at IS NOT NULL),
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK (operator IS NULL OR length(reason) > 0),
  CHECK (return_requested_at IS NULL OR kind = 'exclusion')
);
CREATE INDEX protection_restrictions_member_idx ON protection_restrictions (member_id, starts_at DESC);

-- Money that arrived although a limit or a restriction would have refused it: credited (it arrived),
-- and flagged for the operator.
CREATE TABLE protection_flags (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  deposit_id uuid NOT NULL REFERENCES deposits (id),
  reason text NOT NULL CHECK (reason IN ('DEPOSIT_LIMIT', 'ON_BREAK', 'SELF_EXCLUDED')),
  limit_kind text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (deposit_id)
);
CREATE INDEX protection_flags_member_idx ON protection_flags (member_id, created_at DESC);

-- The member's answer to the limit prompt (at registration, before the first deposit) and to the
-- reminder to review their limits, which comes again six months after the last answer.
CREATE TABLE protection_reviews (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  answer text NOT NULL CHECK (answer IN ('set', 'not_now', 'reviewed')),
  answered_at timestamptz NOT NULL DEFAULT now()
);

-- A loss limit reads the member's game results of the running period.
CREATE INDEX ledger_transfers_game_result_debit_idx ON ledger_transfers (debit_account_id, created_at) WHERE kind = 'game_result';
CREATE INDEX ledger_transfers_game_result_credit_idx ON ledger_transfers (credit_account_id, created_at) WHERE kind = 'game_result';

-- provider_transfer_begin answers a protection refusal too (db/functions/provider_transfer_begin.sql):
-- the signature with fewer answers goes.
DROP FUNCTION IF EXISTS provider_transfer_begin(uuid, bigint, text, text, bigint, bigint, text, text, text, text, text, text, text, text, text, text, text);
