import type { Db } from '../../db/database.js';
import type { decide } from './withdraw.repository.js';

export type DecidedWithdrawal = Awaited<ReturnType<typeof decide>>;
/** Runs inside the decision's transaction: whatever it writes stands or falls with the decision. */
export type OnDecided = (trx: Db, withdrawal: DecidedWithdrawal) => Promise<void>;

/** Those told of every withdrawal paid or refused, by an operator or by the bank's answer to an auto-payout. */
export function createDecisionHandlers() {
  const handlers: OnDecided[] = [];
  return {
    onDecided(handler: OnDecided): void {
      handlers.push(handler);
    },
    async decided(trx: Db, withdrawal: DecidedWithdrawal): Promise<void> {
      for (const handler of handlers) await handler(trx, withdrawal);
    },
  };
}
export type DecisionHandlers = ReturnType<typeof createDecisionHandlers>;
