import type { Db } from '../../db/database.js';
import type { CreditedDeposit } from '../deposit/deposit-credit.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { TransfersInFlight } from '../wallet/transfers-in-flight.js';
import type { WithdrawalsInFlight } from '../withdraw/withdrawals-in-flight.js';
import { meetsSuccessTarget } from './conditions.rules.js';
import * as repo from './conditions.repository.js';

export type { ConditionRow } from './conditions.repository.js';

/** A condition whose success target the member reached: told in the transaction that reached it. */
export interface ReachedCondition {
  conditionId: string;
  memberId: bigint;
}
export type OnReached = (trx: Db, reached: ReachedCondition) => Promise<void>;
export { clearedOnEnd, failFloor, mayEnd, meetsSuccessTarget, rewardStillHeld, successTarget } from './conditions.rules.js';

/**
 * Withdrawal conditions (DESIGN §6): bonuses, promotion codes, refunds, invite rewards and spin
 * prizes put everything a member holds under one; a withdrawal past its target completes it; under
 * its floor the member may end it. Every call runs in the caller's transaction. What the member
 * holds is read from its owners' ports: balances (ledger), game transfers (wallet), withdrawals.
 */
export function createConditionService(deps: {
  ledger: Pick<Ledger, 'memberMoneySubquery'>;
  gameTransfers: Pick<TransfersInFlight, 'amountSubquery'>;
  withdrawals: Pick<WithdrawalsInFlight, 'amountSubquery'>;
}) {
  const moneyHeld = (db: Db, memberId: bigint) =>
    repo.moneyHeld(db, {
      accounts: deps.ledger.memberMoneySubquery(memberId),
      inFlight: deps.gameTransfers.amountSubquery(memberId),
      withdrawing: deps.withdrawals.amountSubquery(memberId),
    });
  const onReached: OnReached[] = [];
  const tellReached = async (trx: Db, reached: ReachedCondition) => {
    for (const handler of onReached) await handler(trx, reached);
  };
  return {
    start: (trx: Db, values: Parameters<typeof repo.startCondition>[1]) => repo.startCondition(trx, values),
    /** The member's active condition, locked for the caller's transaction. */
    lockActive: (trx: Db, memberId: bigint) => repo.lockActiveCondition(trx, memberId),
    /** Closes the condition; a completed one (a withdrawal at or past its target) is told as reached, in the same transaction. */
    async close(trx: Db, id: string, status: 'completed' | 'ended'): Promise<void> {
      const closed = await repo.closeCondition(trx, id, status);
      if (closed && status === 'completed') await tellReached(trx, { conditionId: id, memberId: closed.member_id });
    },

    /** Other modules' part when a member reaches their condition's success target (the notices module tells the member). */
    onReached(handler: OnReached): void {
      onReached.push(handler);
    },

    /**
     * The game results' hook: results booked in `trx` may have brought what the member holds to
     * their condition's success target (own deposits never count toward it). Reached, the
     * condition stays active until a withdrawal completes it (ADR 0133), but the member is told now
     * that they may withdraw; handlers key what they write by the condition, so a total that dips
     * and reaches the target again is told once.
     */
    async checkReached(trx: Db, memberId: bigint): Promise<void> {
      const active = await repo.activeCondition(trx, memberId);
      if (!active) return;
      const money = await moneyHeld(trx, memberId);
      const held = money.accounts + money.inFlight + money.withdrawing;
      if (meetsSuccessTarget(held, active, await repo.ownDeposits(trx, active.id))) await tellReached(trx, { conditionId: active.id, memberId });
    },
    /** The member's active condition, unlocked, for showing. */
    active: (db: Db, memberId: bigint) => repo.activeCondition(db, memberId),
    end: (trx: Db, id: string, end: Parameters<typeof repo.endCondition>[2]) => repo.endCondition(trx, id, end),
    lastClosedAt: (db: Db, memberId: bigint) => repo.lastClosedAt(db, memberId),
    /** The member's own deposits credited while this condition held. */
    ownDeposits: (db: Db, conditionId: string) => repo.ownDeposits(db, conditionId),

    /** Wallet, games, transfers in flight and withdrawals not yet paid: all the member's money now. */
    async held(db: Db, memberId: bigint): Promise<bigint> {
      const money = await moneyHeld(db, memberId);
      return money.accounts + money.inFlight + money.withdrawing;
    },
    /** Whether a transfer to or from a game is still on its way. */
    async hasMoneyInFlight(db: Db, memberId: bigint): Promise<boolean> {
      return (await moneyHeld(db, memberId)).inFlight > 0n;
    },

    /**
     * The deposit credit's hook: a deposit credited while a condition holds (money that arrived
     * anyway: a QR issued before it, a slip, a transfer to the operator's number) is recorded as the
     * member's own. The credit's transfer holds the wallet, and a claim takes the wallet before it
     * opens a condition, so the condition read here is the one in force when the money arrived.
     */
    async recordDepositUnderCondition(trx: Db, deposit: CreditedDeposit): Promise<void> {
      const active = await repo.activeCondition(trx, deposit.memberId);
      if (active) await repo.recordOwnDeposit(trx, { depositId: deposit.depositId, conditionId: active.id, amount: deposit.amount });
    },
  };
}
export type ConditionService = ReturnType<typeof createConditionService>;
