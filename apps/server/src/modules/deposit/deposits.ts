import type { Db } from '../../db/database.js';
import * as repo from './deposit.repository.js';

/**
 * The deposit module's port on credited deposits for other modules (docs/architecture.md "Modules
 * and the tables each owns"): what a bonus rewards and what an invite accrual was a share of.
 */
export interface Deposits {
  /** The member's credited deposits after `since` (all of them when null), summed. */
  totalSince(db: Db, memberId: bigint, since: Date | null): Promise<bigint>;
  /** How many deposits the member ever made. */
  count(db: Db, memberId: bigint): Promise<number>;
  /** Many deposits' amounts in one query, by deposit id; unknown ids are absent. */
  amountsOf(db: Db, depositIds: readonly string[]): Promise<Map<string, bigint>>;
}

export function createDeposits(): Deposits {
  return {
    totalSince: (db, memberId, since) => repo.depositTotalSince(db, memberId, since),
    count: (db, memberId) => repo.depositCount(db, memberId),
    async amountsOf(db, depositIds) {
      return new Map((await repo.depositAmounts(db, depositIds)).map((row) => [row.id, row.amount]));
    },
  };
}
