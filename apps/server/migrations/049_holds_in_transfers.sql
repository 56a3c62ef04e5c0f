-- A hold is its own transfer, and the ledger's functions run half the statements (issue 16 §1), the
-- same rules.
--
-- 1. Holds as pending transfers, as TigerBeetle's two-phase transfers are. A hold was a transfer
--    (from → via) plus a row of its own in ledger_holds: inserted with five foreign keys checked,
--    locked, and rewritten with every index when resolved. Now the hold transfer names where the
--    amount goes next (hold_to_account_id), its resolution names the hold it resolves
--    (resolves_hold_id, unique: a hold is resolved once), and a hold's id is its transfer's id.
--    Nothing is updated: a hold is pending while no transfer resolves it, posted when its
--    resolution goes on to hold_to_account_id, voided when it goes back. ledger_holds stays as a
--    view with the columns the table had. Under pgbench, our transfer's SQL cost PostgreSQL
--    1.12-1.19 ms of CPU with the hold rows and 1.02-1.03 ms without.
-- 2. Fewer statements. Each SPI statement in PL/pgSQL starts an executor, checks its cached plan and
--    prepares the table's CHECK constraints from their stored text; a transfer ran about forty:
--      - a function answers through OUT parameters, not RETURN QUERY (a statement and a tuplestore);
--      - one function calls another as an expression (`posting := ledger_post(...)`), which
--        PL/pgSQL evaluates without a statement of its own;
--      - the member accounts' lock and their read are one statement (a loop over the locked rows),
--        the three account look-ups by code one, a balance change one statement per kind of side.
-- Each function answers what it answered before, with the same column names (a hold id is now a
-- bigint), and takes its locks in the same order: a hold before its accounts, member accounts in id order.

-- 1. The columns, and the holds made so far moved onto them.
ALTER TABLE ledger_transfers
  ADD COLUMN hold_to_account_id bigint REFERENCES ledger_accounts (id),
  ADD COLUMN resolves_hold_id bigint REFERENCES ledger_transfers (id);
CREATE UNIQUE INDEX ledger_transfers_resolves_hold_id_key ON ledger_transfers (resolves_hold_id) WHERE resolves_hold_id IS NOT NULL;

ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_immutable;
UPDATE ledger_transfers t SET hold_to_account_id = h.to_account_id FROM ledger_holds h WHERE t.id = h.hold_transfer_id;
UPDATE ledger_transfers t SET resolves_hold_id = h.hold_transfer_id FROM ledger_holds h WHERE t.id = h.resolution_transfer_id;
ALTER TABLE ledger_transfers ENABLE TRIGGER ledger_transfers_immutable;

-- Provider transfers and withdrawals keep their hold's id, now the hold transfer's.
ALTER TABLE provider_transfers ADD COLUMN hold_transfer_id bigint REFERENCES ledger_transfers (id);
UPDATE provider_transfers p SET hold_transfer_id = h.hold_transfer_id FROM ledger_holds h WHERE h.id = p.hold_id;
ALTER TABLE provider_transfers DROP COLUMN hold_id;
ALTER TABLE provider_transfers RENAME COLUMN hold_transfer_id TO hold_id;
ALTER TABLE withdrawals ADD COLUMN hold_transfer_id bigint REFERENCES ledger_transfers (id);
UPDATE withdrawals w SET hold_transfer_id = h.hold_transfer_id FROM ledger_holds h WHERE h.id = w.hold_id;
ALTER TABLE withdrawals DROP COLUMN hold_id;
ALTER TABLE withdrawals RENAME COLUMN hold_transfer_id TO hold_id;

DROP TABLE ledger_holds;

-- What ledger_holds held, read from the transfers.
CREATE VIEW ledger_holds AS
SELECT h.id, h.debit_account_id AS from_account_id, h.credit_account_id AS via_account_id, h.hold_to_account_id AS to_account_id,
       h.amount, h.id AS hold_transfer_id,
       CASE WHEN r.id IS NULL THEN 'pending' WHEN r.credit_account_id = h.hold_to_account_id THEN 'posted' ELSE 'voided' END AS status,
       r.id AS resolution_transfer_id, h.created_at, r.created_at AS resolved_at
  FROM ledger_transfers h LEFT JOIN ledger_transfers r ON r.resolves_hold_id = h.id
 WHERE h.hold_to_account_id IS NOT NULL;

-- 2. The functions. A posting: replay by key; the member accounts locked in id order and checked;
-- the transfer (a hold names where it goes next; a resolution, the hold it resolves); each side's
-- balance (a member's row, or this backend's slice of an operator account, migration 043).

-- ledger_post: the function's body is in db/functions/ledger_post.sql, applied after the migrations.

-- Posts (holding → destination) or voids (holding → source) a hold once. Outcomes: 'posted',
-- 'replayed' (this key resolved it this way before), 'conflict' (resolved otherwise, or the key
-- names another transfer), 'missing' (no such hold), 'insufficient' (as ledger_post). The hold's
-- transfer is locked first, so racing resolutions go one at a time and the later ones find it resolved.
-- ledger_resolve: the function's body is in db/functions/ledger_resolve.sql, applied after the migrations.

-- As in 048. The three accounts are looked up in one statement.
-- provider_transfer_begin: the function's body is in db/functions/provider_transfer_begin.sql, applied after the migrations.

-- As in 042; the hold is resolved through ledger_resolve called as an expression.
-- provider_transfer_settle: the function's body is in db/functions/provider_transfer_settle.sql, applied after the migrations.

-- As in 042, in two statements on the common path: the transaction row first (a tx id seen before
-- answers its recorded outcome), then the balance change, which refuses what the player cannot afford.
-- sandbox_provider_apply: the function's body is in db/functions/sandbox_provider_apply.sql, applied after the migrations.
