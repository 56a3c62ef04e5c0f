import type { RawBuilder } from 'kysely';
import * as repo from './wallet.repository.js';

/**
 * The wallet module's port on provider transfers for other modules (docs/architecture.md "Modules
 * and the tables each owns"): the member's money on its way to or from a game, which lands on one
 * side or the other and is the member's all along (a condition counts it as held).
 */
export interface TransfersInFlight {
  /**
   * The amount of the member's transfers still pending, as a scalar subquery (a numeric) for the
   * caller's own statement, so it is read in one snapshot with the balances it moves between.
   */
  amountSubquery(memberId: bigint): RawBuilder<string>;
}

export function createTransfersInFlight(): TransfersInFlight {
  return {
    amountSubquery: (memberId) => repo.inFlightSubquery(memberId),
  };
}
