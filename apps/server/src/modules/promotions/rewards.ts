import crypto from 'node:crypto';
import { CURRENCIES, type ClaimResponse, type CurrencyCode, type Minor, type RewardPreview, minorOf, toMajor } from '@wallet/contract';
import type { Members } from '../account/members.js';
import type { Db } from '../../db/database.js';
import { type AppError, businessRule, forbidden, notFound } from '../../errors.js';
import { type ConditionService, clearedOnEnd, failFloor, successTarget } from '../conditions/conditions.service.js';
import { type RewardSource, type TransferKind, accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { ProtectionService } from '../protection/protection.service.js';
import type { RiskService } from '../risk/risk.service.js';
import { type SettingsService, moneyRules } from '../settings/settings.service.js';
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

/** What a reward would pay, before the member's money is looked at. */
export interface RewardTerms {
  kind: RewardSource;
  amount: Minor;
  /** The deposit an offer's reward is a share of (0 for rewards of no deposit). */
  qualifyingDeposit: bigint;
  /** The withdrawal condition it opens, or null. */
  condition: ConditionTerms | null;
}

/** The terms against the member's money now: what would be locked, and whether it may be taken. */
export interface RewardQuote extends RewardTerms {
  held: bigint;
  otherMoney: bigint;
  otherMoneyLimit: bigint;
}

export interface RewardPayment {
  memberId: bigint;
  currency: CurrencyCode;
  offerCode: string | null;
  /** The code shown with the condition: the offer's, or the programme's name. */
  source: string;
  quote: RewardQuote;
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

/** What a member with a condition active is told when trying to take another reward. */
function activeRefusal(active: { kind: string }, refusal: 'offer' | 'refund' | 'spin'): AppError {
  // SPEC §8: a refund is refused while a bonus is held; another reward while a bonus is active,
  // or while what an invite, refund or spin reward left under its condition remains.
  return businessRule(refusal === 'refund' ? 'REFUND_CONDITION' : active.kind === 'bonus' || active.kind === 'promotion' ? 'BONUS_ALREADY_ACTIVE' : 'BONUS_REMAINING');
}

/**
 * Every reward is paid here: one ledger transfer from the reward's expense account to the wallet,
 * keyed by the claim, and where the terms say so the member's one withdrawal condition, all in the
 * caller's transaction. DESIGN §6 "no gain without play" is held here for every kind:
 * - the condition's base is everything the member holds once the reward is paid, so money already
 *   held never counts toward the target;
 * - a reward with a condition is taken only while the money held beyond the deposit it rewards is at
 *   most the operator's limit, so a small reward never locks a large balance of the member's own;
 * - deposits credited while it holds are the member's own (conditions module), so topping up never
 *   reaches the target either.
 * Callers first take `begin`, which locks the member, replays a repeated Idempotency-Key, refuses a
 * claim while a condition is active, and holds the wallet still until the claim commits; they run
 * their transaction inside `keepingBlocked`, so a claim the risk rules block is refused and kept.
 */
export function createRewards(deps: {
  members: Pick<Members, 'lock'>;
  ledger: Pick<Ledger, 'post' | 'lockWallet'>;
  conditions: Pick<ConditionService, 'lockActive' | 'active' | 'start' | 'held'>;
  settings: Pick<SettingsService, 'site'>;
  risk: Pick<RiskService, 'decide'>;
  protection: Pick<ProtectionService, 'refuseRestricted'>;
  now: () => Date;
}) {
  return {
    async begin(trx: Db, memberId: bigint, idempotencyKey: string | null, refusal: 'offer' | 'refund' | 'spin' = 'offer') {
      const member = await deps.members.lock(trx, memberId);
      if (!member) throw notFound('NO_USER');
      if (member.status !== 'active') throw forbidden('INACTIVE_USER');
      // A break or a self-exclusion refuses every reward, under the member's lock.
      await deps.protection.refuseRestricted(trx, memberId);
      const replay = idempotencyKey ? await repo.findClaimByKey(trx, memberId, idempotencyKey) : undefined;
      if (replay) return { member, replay };
      const active = await deps.conditions.lockActive(trx, memberId);
      if (active) throw activeRefusal(active, refusal);
      await deps.ledger.lockWallet(memberId, trx);
      return { member, replay: undefined };
    },

    /** The refusal a claim would meet for the member's active condition, for a preview (nothing locked). */
    async activeRefusal(db: Db, memberId: bigint, refusal: 'offer' | 'refund' | 'spin' = 'offer'): Promise<AppError | null> {
      const active = await deps.conditions.active(db, memberId);
      return active ? activeRefusal(active, refusal) : null;
    },

    /** The terms against what the member holds now; `refusal` when a condition would lock too much of their own. */
    async quote(db: Db, member: { memberId: bigint; currency: CurrencyCode }, terms: RewardTerms): Promise<RewardQuote & { refusal: AppError | null }> {
      const [held, site] = await Promise.all([deps.conditions.held(db, member.memberId), deps.settings.site(db)]);
      const otherMoney = held > terms.qualifyingDeposit ? held - terms.qualifyingDeposit : 0n;
      const otherMoneyLimit = minorOf(moneyRules(site, member.currency).rewardOtherMoneyLimit);
      const refusal = terms.condition && otherMoney > otherMoneyLimit ? businessRule('BONUS_OTHER_MONEY') : null;
      return { ...terms, held, otherMoney, otherMoneyLimit, refusal };
    },

    /**
     * Pays a claim once the risk rules let it (docs/adr/0372): a block throws `RiskBlocked` before
     * anything is paid (the caller keeps the decision after the rollback, `keepingBlocked`); a review
     * pays it and holds the member's withdrawals until an operator releases it.
     */
    async pay(trx: Db, payment: RewardPayment): Promise<repo.ClaimRow> {
      const { quote, memberId } = payment;
      const claimId = crypto.randomUUID();
      // Under the member's lock `begin` took, with the wallet held still: the claim is the item decided.
      await deps.risk.decide(trx, { movement: 'reward', memberId, amount: quote.amount, currency: payment.currency, subject: claimId });
      const wallet = accounts.wallet(memberId);
      const transfer = await deps.ledger.post(
        { key: `reward:${claimId}`, from: accounts.rewardExpense(quote.kind), to: wallet, amount: quote.amount, kind: TRANSFER_KIND[quote.kind], reference: claimId },
        trx,
      );
      let conditionId: string | null = null;
      if (quote.condition) {
        const condition = await deps.conditions.start(trx, {
          memberId,
          kind: quote.kind,
          source: payment.source,
          // Everything the member holds once the reward is paid (DESIGN §6): the wallet is held still
          // since `begin`, so this is what the quote read plus the reward.
          baseAmount: quote.held + quote.amount,
          successPercent: quote.condition.successPercent,
          failPercent: quote.condition.failPercent,
          rewardAmount: quote.amount,
          clearMode: quote.condition.clearMode,
        });
        conditionId = condition.id;
      }
      const period = claimPeriod(deps.now());
      return repo.insertClaim(trx, {
        id: claimId,
        member_id: memberId,
        kind: quote.kind,
        offer_code: payment.offerCode,
        amount: quote.amount,
        deposit_amount: quote.qualifyingDeposit,
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

/** A quote as the member reads it before accepting (contract `rewardPreview`). */
export function toRewardPreview(code: string, currency: CurrencyCode, quote: RewardQuote, refusal: AppError | null, minimumDeposit = 0n): RewardPreview {
  const locked = quote.held + quote.amount;
  const terms = { base_amount: locked, success_percent: quote.condition?.successPercent ?? 0, fail_percent: quote.condition?.failPercent ?? 0 };
  const floor = failFloor(terms);
  // Ending is allowed strictly under the floor: at most the smallest amount a member holds (a satang,
  // a whole kip) less than it is left to take.
  const step = CURRENCIES[currency].smallestPayable;
  const underFloor = floor > step ? floor - step : 0n;
  const endTakesAtMost = clearedOnEnd(underFloor, { clear_mode: quote.condition?.clearMode ?? 'none', reward_amount: quote.amount });
  return {
    kind: quote.kind,
    code,
    currency,
    amount: toMajor(quote.amount),
    allowed: refusal === null,
    refusal: refusal?.code ?? null,
    held: toMajor(quote.held),
    qualifyingDeposit: toMajor(quote.qualifyingDeposit),
    minimumDeposit: toMajor(minimumDeposit),
    otherMoney: toMajor(quote.otherMoney),
    otherMoneyLimit: toMajor(quote.otherMoneyLimit),
    condition: quote.condition
      ? {
          locked: toMajor(locked),
          successPercent: quote.condition.successPercent,
          failPercent: quote.condition.failPercent,
          target: toMajor(successTarget(terms)),
          floor: toMajor(floor),
          clearMode: quote.condition.clearMode,
          endTakesAtMost: toMajor(endTakesAtMost),
        }
      : null,
  };
}
