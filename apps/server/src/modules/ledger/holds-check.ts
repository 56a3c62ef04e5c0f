import type { Db } from '../../db/database.js';
import type { TransferKind } from './accounts.js';
import type { InvariantCheck, InvariantProblem, Ledger } from './ledger.service.js';

/** Problems a report lists at most, as the ledger's own checks do. */
const MAX_PROBLEMS = 100;

/** A row of the owning module that waits on a ledger hold: a withdrawal not yet paid, a game transfer not yet settled. */
export interface HoldingRow {
  id: string;
  hold_id: bigint | null;
  amount: bigint;
}

/**
 * Holds of one kind agree with the rows that wait on them, both ways: each of the owner's open rows
 * has its hold pending in the ledger for the same amount, and each pending hold belongs to an open
 * row. Money held for a withdrawal that was marked paid without the ledger, or a hold left behind by
 * a transfer settled elsewhere, is money the books no longer place.
 */
export function createHoldsCheck(
  name: string,
  kind: TransferKind,
  deps: { ledger: Pick<Ledger, 'pendingHolds'>; openRows: (db: Db) => Promise<HoldingRow[]> },
): InvariantCheck {
  return {
    name,
    async problems(db) {
      const holds = await deps.ledger.pendingHolds(db, kind);
      const rows = await deps.openRows(db);
      const pending = new Map(holds.map((hold) => [hold.holdId, hold.amount]));
      const problems: InvariantProblem[] = [];
      for (const row of rows) {
        const holdId = row.hold_id === null ? null : BigInt(row.hold_id);
        const held = holdId === null ? undefined : pending.get(holdId);
        if (held === undefined) problems.push({ id: row.id, problem: 'open, but its hold is not pending in the ledger' });
        else if (held !== BigInt(row.amount)) problems.push({ id: row.id, problem: `holds ${held}, asks for ${row.amount}` });
        if (holdId !== null) pending.delete(holdId);
      }
      for (const holdId of pending.keys()) problems.push({ id: String(holdId), problem: 'hold pending in the ledger with no open row' });
      return problems.slice(0, MAX_PROBLEMS);
    },
  };
}
