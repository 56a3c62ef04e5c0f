import type { RawBuilder } from 'kysely';
import * as repo from './withdraw.repository.js';

/**
 * The withdraw module's port on withdrawals for other modules (docs/architecture.md "Modules and
 * the tables each owns"): the member's withdrawals not yet paid, which come back to the wallet when
 * they fail and are the member's until then (a condition counts them as held).
 */
export interface WithdrawalsInFlight {
  /**
   * The amount of the member's withdrawals in progress, as a scalar subquery (a numeric) for the
   * caller's own statement, so it is read in one snapshot with the balances it left.
   */
  amountSubquery(memberId: bigint): RawBuilder<string>;
}

export function createWithdrawalsInFlight(): WithdrawalsInFlight {
  return {
    amountSubquery: (memberId) => repo.unpaidSubquery(memberId),
  };
}
