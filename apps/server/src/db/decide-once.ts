import type { Db, Trx } from './database.js';
import { AppError, notFound } from '../errors.js';
import type { AuditActor, AuditTrail } from '../modules/audit/audit-writer.js';

export interface OperatorDecision<Row, Result> {
  /** Reads the item locked for this transaction (FOR UPDATE); undefined when there is none. */
  lock(trx: Trx): Promise<Row | undefined>;
  /** Whether the item still waits for a decision. */
  isOpen(row: Row): boolean;
  /** The decision: ledger transfers and the item's new state, in the same transaction. */
  apply(trx: Trx, row: Row): Promise<Result>;
  /** The action may depend on the item (a first approval is not the decision). */
  audit: { actor: AuditActor; action: string | ((row: Row) => string); detail(row: Row, result: Result): unknown };
  /** Who took the decision already made, for the refusal of a second one (a name, not an id). */
  decidedBy(trx: Trx, row: Row): Promise<string | null> | string | null;
}

/**
 * An operator decides a waiting item once: it is locked, a decided one is refused (409
 * ALREADY_DECIDED naming who decided, so two operators pressing at once cannot both move money and
 * the second desk reads "already decided by X" rather than an input error), and the decision is
 * applied and audited in one transaction.
 */
export function decideOnce<Row, Result>({ db, auditTrail }: { db: Db; auditTrail: AuditTrail }, decision: OperatorDecision<Row, Result>): Promise<Result> {
  return db.transaction().execute(async (trx) => {
    const row = await decision.lock(trx);
    if (!row) throw notFound('NO_DATA');
    if (!decision.isOpen(row)) {
      const decidedBy = await decision.decidedBy(trx, row);
      throw new AppError('ALREADY_DECIDED', 409, decidedBy ? { decidedBy } : {});
    }
    const result = await decision.apply(trx, row);
    const action = typeof decision.audit.action === 'string' ? decision.audit.action : decision.audit.action(row);
    await auditTrail.record(trx, decision.audit.actor, action, decision.audit.detail(row, result));
    return result;
  });
}
