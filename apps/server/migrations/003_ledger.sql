-- The double-entry ledger (DESIGN §5). Only src/modules/ledger writes these tables.

CREATE TABLE ledger_accounts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code           text NOT NULL UNIQUE,
  kind           text NOT NULL CHECK (kind IN ('member_wallet', 'member_game', 'operator')),
  member_id      bigint REFERENCES members (id),
  provider_code  text REFERENCES providers (code),
  currency       text NOT NULL DEFAULT 'THB',
  balance        bigint NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  -- Members can never owe: the database refuses it whatever the code does.
  CONSTRAINT member_balance_not_negative CHECK (kind = 'operator' OR balance >= 0),
  CONSTRAINT member_accounts_have_member CHECK (kind = 'operator' OR member_id IS NOT NULL)
);
CREATE INDEX ledger_accounts_member_idx ON ledger_accounts (member_id);

CREATE TABLE ledger_transfers (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key    text NOT NULL UNIQUE,
  debit_account_id   bigint NOT NULL REFERENCES ledger_accounts (id),
  credit_account_id  bigint NOT NULL REFERENCES ledger_accounts (id),
  amount             bigint NOT NULL CHECK (amount > 0),
  kind               text NOT NULL,
  reference          text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id)
);
CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id, id);
CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id, id);

-- Transfers are facts: mistakes are corrected by new transfers, never by editing old ones.
CREATE FUNCTION ledger_transfers_are_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER ledger_transfers_immutable
  BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_are_immutable();

-- Answers of money-moving calls, per member and Idempotency-Key, written in the same
-- transaction as the movement: a retry gets the first answer and moves nothing.
CREATE TABLE idempotent_requests (
  member_id    bigint NOT NULL REFERENCES members (id),
  key          text NOT NULL,
  operation    text NOT NULL,
  fingerprint  text NOT NULL,
  status       integer NOT NULL,
  response     jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, key)
);
