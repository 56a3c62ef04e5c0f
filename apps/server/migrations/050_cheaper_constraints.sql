-- The same rules, checked at less cost on every transfer (issue 16 §1).
--
-- 1. A table's CHECK constraints are all checked on every row an UPDATE writes, whatever columns it
--    changes, and PostgreSQL rebuilds each one from its stored text for every statement (a profile
--    under the bench: a tenth of PostgreSQL's time, most of it reading back the IN lists). A
--    domain's check runs only where a value is written to that column, from an expression it
--    prepared once. So the one-column rules on the rows every transfer writes are domains now: a
--    balance change no longer checks the account's kind and currency code, a settlement checks
--    the status it writes and not the direction.
CREATE DOMAIN ledger_account_kind AS text CHECK (VALUE IN ('member_wallet', 'member_game', 'member_coins', 'operator'));
CREATE DOMAIN currency_code AS text CHECK (VALUE ~ '^[A-Z]{3,10}$');
CREATE DOMAIN provider_transfer_direction AS text CHECK (VALUE IN ('deposit', 'withdraw'));
CREATE DOMAIN provider_transfer_status AS text CHECK (VALUE IN ('pending', 'posted', 'voided'));

ALTER TABLE ledger_accounts
  DROP CONSTRAINT ledger_accounts_kind_check,
  DROP CONSTRAINT ledger_accounts_currency_code,
  ALTER COLUMN kind TYPE ledger_account_kind,
  ALTER COLUMN currency TYPE currency_code;

ALTER TABLE provider_transfers
  DROP CONSTRAINT provider_transfers_direction_check,
  DROP CONSTRAINT provider_transfers_status_check,
  ALTER COLUMN direction TYPE provider_transfer_direction,
  ALTER COLUMN status TYPE provider_transfer_status;

-- 2. A provider transfer is a game account's: one foreign key to that account (whose own keys name
--    the member and the provider) instead of one to each, one check fewer per transfer.
ALTER TABLE provider_transfers
  ADD CONSTRAINT provider_transfers_game_account_fkey FOREIGN KEY (member_id, provider_code) REFERENCES game_accounts (member_id, provider_code),
  DROP CONSTRAINT provider_transfers_member_id_fkey,
  DROP CONSTRAINT provider_transfers_provider_code_fkey;

-- 3. A transfer moves one currency: each of its accounts is named with the transfer's currency in a
--    foreign key, instead of a trigger that read both accounts for every transfer (migration 017).
--    ledger_post writes the currency (its member accounts' or its debit account's); an account in
--    another one fails that side's key, whatever code writes the transfer. A hold's destination is
--    checked too, which the trigger did not.
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_id_currency_key UNIQUE (id, currency);
DROP TRIGGER ledger_transfer_one_currency ON ledger_transfers;
DROP FUNCTION ledger_transfer_one_currency();
ALTER TABLE ledger_transfers
  ADD CONSTRAINT ledger_transfers_debit_currency_fkey FOREIGN KEY (debit_account_id, currency) REFERENCES ledger_accounts (id, currency),
  ADD CONSTRAINT ledger_transfers_credit_currency_fkey FOREIGN KEY (credit_account_id, currency) REFERENCES ledger_accounts (id, currency),
  ADD CONSTRAINT ledger_transfers_hold_to_currency_fkey FOREIGN KEY (hold_to_account_id, currency) REFERENCES ledger_accounts (id, currency),
  DROP CONSTRAINT ledger_transfers_debit_account_id_fkey,
  DROP CONSTRAINT ledger_transfers_credit_account_id_fkey,
  DROP CONSTRAINT ledger_transfers_hold_to_account_id_fkey;
