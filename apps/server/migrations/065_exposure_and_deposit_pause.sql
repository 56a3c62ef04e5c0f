-- The operator's bank balances, entered by hand in the console (docs/operations.md "Exposure"): each
-- entry is kept, the latest per account and currency is the balance that stands.
CREATE TABLE books_bank_balances (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  currency text NOT NULL CHECK (currency IN ('THB', 'LAK')),
  balance bigint NOT NULL CHECK (balance >= 0),
  entered_by text NOT NULL,
  entered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX books_bank_balances_latest_idx ON books_bank_balances (currency, name, id DESC);

-- Pausing or resuming deposits is a change a second operator approves.
ALTER TABLE config_changes DROP CONSTRAINT config_changes_kind_check;
ALTER TABLE config_changes ADD CONSTRAINT config_changes_kind_check
  CHECK (kind = ANY (ARRAY['offer.create', 'offer.update', 'settings.change', 'spin.activate', 'deposits.pause']));
