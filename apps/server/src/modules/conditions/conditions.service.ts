import type { Db } from '../../db/database.js';
import * as repo from './conditions.repository.js';

export type { ConditionRow } from './conditions.repository.js';
export { failFloor, meetsSuccessTarget, successTarget } from './conditions.rules.js';

/**
 * Withdrawal conditions (DESIGN §6): bonuses, refunds and invite rewards put a member's balances
 * under one; a withdrawal of everything past its target completes it. Every call runs in the
 * caller's transaction.
 */
export function createConditionService() {
  return {
    start: (trx: Db, values: Parameters<typeof repo.startCondition>[1]) => repo.startCondition(trx, values),
    /** The member's active condition, locked for the caller's transaction. */
    lockActive: (trx: Db, memberId: bigint) => repo.lockActiveCondition(trx, memberId),
    close: (trx: Db, id: string, status: 'completed' | 'ended') => repo.closeCondition(trx, id, status),
    /** The member's active condition, unlocked, for showing. */
    active: (db: Db, memberId: bigint) => repo.activeCondition(db, memberId),
    end: (trx: Db, id: string, end: Parameters<typeof repo.endCondition>[2]) => repo.endCondition(trx, id, end),
    lastClosedAt: (db: Db, memberId: bigint) => repo.lastClosedAt(db, memberId),
  };
}
export type ConditionService = ReturnType<typeof createConditionService>;
