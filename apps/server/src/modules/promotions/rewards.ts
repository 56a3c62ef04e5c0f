import crypto from 'node:crypto';
import { type ClaimResponse, type Minor, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { businessRule, notFound } from '../../errors.js';
import type { ConditionService } from '../conditions/conditions.service.js';
import { type RewardSource, type TransferKind, accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { claimPeriod } from './promotions.rules.js';
import * as repo from './promotions.repository.js';

const TRANSFER_KIND: Record<RewardSource, TransferKind> = {
  bonus: 'bonus',
  promotion: 'bonus',
  invite: 'invite_reward',
  refund: 'refund',
  spin: 'spin_prize',
};

export interface ConditionTerms {
  successPercent: number;
  failPercent: number;
  clearMode: 'remaining' | 'reward' | 'none';
}

export interface RewardPayment {
  memberId: bigint;
  kind: RewardSource;
  offerCode: string | null;
  /** The code shown with the condition: the offer's, or the programme's name. */
  source: string;
  amount: Minor;
  /** The deposits an offer's reward was a share of; the condition's base is these plus the reward. */
  depositAmount: bigint;
  /** Opens the member's one withdrawal condition when given. */
  condition: ConditionTerms | null;
  idempotencyKey: string | null;
}

export const toClaimResponse = (claim: repo.ClaimRow): ClaimResponse => ({
  message: 'SUCCESS',
  _id: claim.id,
  code: claim.offer_code ?? claim.kind.toUpperCase(),
  kind: claim.kind,
  amount: toMajor(claim.amount),
  isActive: claim.condition_id !== null,
  createdAt: new Date(claim.created_at).toISOString(),
});

/**
 * Every reward is paid here (issue 12 §1): one ledger transfer from the reward's expense account to
 * the wallet, keyed by the claim, and where the terms say so the member's one withdrawal condition,
 * all in the caller's transaction. Callers first take `begin`, which locks the member (claims of one
 * member never interleave), replays a repeated Idempotency-Key, and refuses a claim while a condition
 * is active.
 */
export function createRewards(deps: { ledger: Pick<Ledger, 'post' | 'memberBalances'>; conditions: Pick<ConditionService, 'lockActive' | 'start'>; now: () => Date }) {
  return {
    async begin(trx: Db, memberId: bigint, idempotencyKey: string | null, refusal: 'offer' | 'refund' | 'spin' = 'offer') {
      const member = await repo.lockMember(trx, memberId);
      if (!member) throw notFound('NO_USER');
      const replay = idempotencyKey ? await repo.findClaimByKey(trx, memberId, idempotencyKey) : undefined;
      if (replay) return { member, replay };
      const active = await deps.conditions.lockActive(trx, memberId);
      // SPEC §8: a refund is refused while a bonus is held; another reward while a bonus is active,
      // or while what an invite, refund or spin reward left under its condition remains.
      if (active) throw businessRule(refusal === 'refund' ? 'REFUND_CONDITION' : active.kind === 'bonus' || active.kind === 'promotion' ? 'BONUS_ALREADY_ACTIVE' : 'BONUS_REMAINING');
      return { member, replay: undefined };
    },

    async pay(trx: Db, payment: RewardPayment): Promise<repo.ClaimRow> {
      const claimId = crypto.randomUUID();
      const wallet = accounts.wallet(payment.memberId);
      const transfer = await deps.ledger.post(
        { key: `reward:${claimId}`, from: accounts.rewardExpense(payment.kind), to: wallet, amount: payment.amount, kind: TRANSFER_KIND[payment.kind], reference: claimId },
        trx,
      );
      let conditionId: string | null = null;
      if (payment.condition) {
        // An offer's base is its deposit plus the reward (DESIGN §6); a reward with no deposit
        // (invite, refund, spin) puts everything the member holds under the condition.
        const base =
          payment.depositAmount > 0n
            ? payment.depositAmount + payment.amount
            : (await deps.ledger.memberBalances(payment.memberId, trx)).reduce((total, account) => total + account.balance, 0n);
        const condition = await deps.conditions.start(trx, {
          memberId: payment.memberId,
          kind: payment.kind,
          source: payment.source,
          baseAmount: base,
          successPercent: payment.condition.successPercent,
          failPercent: payment.condition.failPercent,
          rewardAmount: payment.amount,
          clearMode: payment.condition.clearMode,
        });
        conditionId = condition.id;
      }
      const period = claimPeriod(deps.now());
      return repo.insertClaim(trx, {
        id: claimId,
        member_id: payment.memberId,
        kind: payment.kind,
        offer_code: payment.offerCode,
        amount: payment.amount,
        deposit_amount: payment.depositAmount,
        condition_id: conditionId,
        transfer_id: transfer.id,
        claim_day: period.day,
        claim_week: period.week,
        idempotency_key: payment.idempotencyKey,
      });
    },
  };
}
export type Rewards = ReturnType<typeof createRewards>;
