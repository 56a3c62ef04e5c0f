-- The ledger's full vocabulary and its currencies (issue 10 §1).

-- 1. Every account carries its currency; a member's accounts carry the member's wallet currency
--    (the Laos build's BAHT wallets are Thai baht).
UPDATE ledger_accounts a
   SET currency = CASE m.currency WHEN 'LAK' THEN 'LAK' ELSE 'THB' END
  FROM members m
 WHERE a.member_id = m.id;
ALTER TABLE ledger_accounts ALTER COLUMN currency DROP DEFAULT;
-- Money (ISO 4217) and, later, assets such as spin coins: upper-case codes.
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_currency_code CHECK (currency ~ '^[A-Z]{3,10}$');

-- 2. A transfer moves one currency: it is recorded on the transfer, and the database refuses a
--    transfer whose two accounts hold different currencies, whatever code writes it.
ALTER TABLE ledger_transfers ADD COLUMN currency text;
ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_immutable;
UPDATE ledger_transfers t SET currency = a.currency FROM ledger_accounts a WHERE a.id = t.debit_account_id;
ALTER TABLE ledger_transfers ENABLE TRIGGER ledger_transfers_immutable;
ALTER TABLE ledger_transfers ALTER COLUMN currency SET NOT NULL;

CREATE FUNCTION ledger_transfer_one_currency() RETURNS trigger AS $$
DECLARE
  debit_currency text;
  credit_currency text;
BEGIN
  SELECT currency INTO debit_currency FROM ledger_accounts WHERE id = NEW.debit_account_id;
  SELECT currency INTO credit_currency FROM ledger_accounts WHERE id = NEW.credit_account_id;
  IF debit_currency IS DISTINCT FROM credit_currency THEN
    RAISE EXCEPTION 'ledger transfer across currencies: % to %', debit_currency, credit_currency
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transfer_one_currency';
  END IF;
  NEW.currency := debit_currency;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER ledger_transfer_one_currency
  BEFORE INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfer_one_currency();

-- 3. Holds (two-phase transfers): the amount moves from its source into a holding account at
--    once; the hold is then posted (holding → destination) or voided (holding → source), once.
CREATE TABLE ledger_holds (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  from_account_id         bigint NOT NULL REFERENCES ledger_accounts (id),
  via_account_id          bigint NOT NULL REFERENCES ledger_accounts (id),
  to_account_id           bigint NOT NULL REFERENCES ledger_accounts (id),
  amount                  bigint NOT NULL CHECK (amount > 0),
  hold_transfer_id        bigint NOT NULL UNIQUE REFERENCES ledger_transfers (id),
  status                  text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'voided')),
  resolution_transfer_id  bigint UNIQUE REFERENCES ledger_transfers (id),
  created_at              timestamptz NOT NULL DEFAULT now(),
  resolved_at             timestamptz,
  CONSTRAINT ledger_holds_resolved_once CHECK ((status = 'pending') = (resolution_transfer_id IS NULL))
);

-- 4. A correction is a new transfer that reverses an earlier one, at most once.
ALTER TABLE ledger_transfers ADD COLUMN reverses_transfer_id bigint UNIQUE REFERENCES ledger_transfers (id);

-- 5. The holds that provider transfers and withdrawals built by hand, linked by key until now.
ALTER TABLE provider_transfers ADD COLUMN hold_id uuid REFERENCES ledger_holds (id);
ALTER TABLE withdrawals ADD COLUMN hold_id uuid REFERENCES ledger_holds (id);

-- Every destination a hold names must exist (a transfer to a game may never have been posted).
INSERT INTO ledger_accounts (code, kind, currency)
SELECT 'operator:bank-payouts', 'operator', 'THB'
 WHERE EXISTS (SELECT 1 FROM withdrawals)
ON CONFLICT (code) DO NOTHING;
INSERT INTO ledger_accounts (code, kind, member_id, provider_code, currency)
SELECT DISTINCT 'game:' || p.member_id || ':' || p.provider_code, 'member_game', p.member_id, p.provider_code,
       CASE m.currency WHEN 'LAK' THEN 'LAK' ELSE 'THB' END
  FROM provider_transfers p JOIN members m ON m.id = p.member_id
ON CONFLICT (code) DO NOTHING;
INSERT INTO ledger_accounts (code, kind, member_id, currency)
SELECT DISTINCT 'wallet:' || p.member_id, 'member_wallet', p.member_id, CASE m.currency WHEN 'LAK' THEN 'LAK' ELSE 'THB' END
  FROM provider_transfers p JOIN members m ON m.id = p.member_id
ON CONFLICT (code) DO NOTHING;

WITH made AS (
  INSERT INTO ledger_holds (from_account_id, via_account_id, to_account_id, amount, hold_transfer_id, status, resolution_transfer_id, created_at, resolved_at)
  SELECT h.debit_account_id, h.credit_account_id, payouts.id, h.amount, h.id,
         CASE WHEN paid.id IS NOT NULL THEN 'posted' WHEN returned.id IS NOT NULL THEN 'voided' ELSE 'pending' END,
         coalesce(paid.id, returned.id), h.created_at, coalesce(paid.created_at, returned.created_at)
    FROM withdrawals w
    JOIN ledger_transfers h ON h.idempotency_key = 'withdrawal:' || w.id || ':hold'
    JOIN ledger_accounts payouts ON payouts.code = 'operator:bank-payouts'
    LEFT JOIN ledger_transfers paid ON paid.idempotency_key = 'withdrawal:' || w.id || ':paid'
    LEFT JOIN ledger_transfers returned ON returned.idempotency_key = 'withdrawal:' || w.id || ':return'
  RETURNING id, hold_transfer_id
)
UPDATE withdrawals w SET hold_id = made.id
  FROM made JOIN ledger_transfers h ON h.id = made.hold_transfer_id
 WHERE h.idempotency_key = 'withdrawal:' || w.id || ':hold';

WITH made AS (
  INSERT INTO ledger_holds (from_account_id, via_account_id, to_account_id, amount, hold_transfer_id, status, resolution_transfer_id, created_at, resolved_at)
  SELECT h.debit_account_id, h.credit_account_id, destination.id, h.amount, h.id,
         CASE WHEN posted.id IS NOT NULL THEN 'posted' WHEN voided.id IS NOT NULL THEN 'voided' ELSE 'pending' END,
         coalesce(posted.id, voided.id), h.created_at, coalesce(posted.created_at, voided.created_at)
    FROM provider_transfers p
    JOIN ledger_transfers h ON h.idempotency_key = 'pt:' || p.id || ':hold'
    JOIN ledger_accounts destination
      ON destination.code = CASE p.direction WHEN 'deposit' THEN 'game:' || p.member_id || ':' || p.provider_code ELSE 'wallet:' || p.member_id END
    LEFT JOIN ledger_transfers posted ON posted.idempotency_key = 'pt:' || p.id || ':posted'
    LEFT JOIN ledger_transfers voided ON voided.idempotency_key = 'pt:' || p.id || ':voided'
  RETURNING id, hold_transfer_id
)
UPDATE provider_transfers p SET hold_id = made.id
  FROM made JOIN ledger_transfers h ON h.id = made.hold_transfer_id
 WHERE h.idempotency_key = 'pt:' || p.id || ':hold';
