import {
  type BonusActiveResponse,
  type BonusItem,
  type ClaimResponse,
  type ClearPreview,
  type RewardPreview,
  type ConditionStatus,
  type Language,
  PROGRAMME_NAMES,
  type PromotionInfo,
  WALLET_CODE,
  minor,
  toMajor,
} from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { AppError, businessRule, conflict, notFound } from '../../errors.js';
import type { MemberContext } from '../../http/context.js';
import { type ConditionRow, type ConditionService, clearedOnEnd, failFloor, mayEnd, rewardStillHeld, successTarget } from '../conditions/conditions.service.js';
import { type RewardSource, accounts } from '../ledger/accounts.js';
import type { Deposits } from '../deposit/deposits.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { bannerUrl } from './banner-images.js';
import { claimPeriod, claimsInPeriod, isOfferedTo, rewardFor, textIn } from './promotions.rules.js';
import * as repo from './promotions.repository.js';
import { keepingBlocked } from '../risk/keep-blocked.js';
import type { RiskService } from '../risk/risk.service.js';
import { type RewardQuote, type Rewards, toClaimResponse, toRewardPreview } from './rewards.js';


export const rewardTerms = (offer: repo.OfferRow) => ({
  reward_mode: offer.reward_mode,
  reward_percent: offer.reward_percent === null ? null : Number(offer.reward_percent),
  reward_amount: offer.reward_amount,
  reward_cap: offer.reward_cap,
});

const rewardShape = (offer: repo.OfferRow) => ({
  mode: offer.reward_mode,
  percent: offer.reward_percent === null ? null : Number(offer.reward_percent),
  amount: offer.reward_amount === null ? null : toMajor(offer.reward_amount),
  cap: offer.reward_cap === null ? null : toMajor(offer.reward_cap),
});

/**
 * Bonuses and promotion codes (SPEC §2 Bonus, §4 Bonus, §7 Bonus and promotion; DESIGN §6
 * Conditions): listing with the member's state, claiming, the member's condition, and ending it.
 */
export function createOfferService(deps: {
  db: Db;
  now: () => Date;
  rewards: Rewards;
  ledger: Pick<Ledger, 'post' | 'memberBalances' | 'memberTotal' | 'lockWallet' | 'lockMember'>;
  conditions: Pick<ConditionService, 'active' | 'lockActive' | 'end' | 'lastClosedAt' | 'held' | 'ownDeposits' | 'hasMoneyInFlight'>;
  wallet: Pick<WalletService, 'transferAll' | 'refreshAll'>;
  deposits: Pick<Deposits, 'totalSince' | 'count'>;
  risk: Pick<RiskService, 'keepBlocked'>;
}) {
  const { db, rewards, ledger, conditions } = deps;

  /** Deposits after this count toward the next offer: the later of the last condition's end and the last offer taken. */
  async function qualifyingSince(trx: Db, memberId: bigint): Promise<Date | null> {
    const [closed, claimed] = await Promise.all([conditions.lastClosedAt(trx, memberId), repo.lastOfferClaimAt(trx, memberId)]);
    return [closed, claimed].filter((at): at is Date => at !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  }

  /**
   * Whether the member may take this offer now and what it would pay: a refusal (the error the claim
   * would answer) or the quote. The claim runs it under its locks; the preview without them.
   */
  async function evaluate(trx: Db, context: MemberContext, code: string, kind: 'bonus' | 'promotion'): Promise<{ offer?: repo.OfferRow; quote?: RewardQuote; refusal: AppError | null }> {
    const { memberId } = context;
    const offer = await repo.findOffer(trx, code);
    if (!offer || !isOfferedTo(offer, context.currency, kind, deps.now())) return { refusal: kind === 'promotion' ? notFound('NO_PROMOTION') : notFound('NO_DATA') };
    const claims = await repo.claimsOf(trx, memberId, code);
    if (kind === 'promotion' && claims.length > 0) return { offer, refusal: conflict('PROMOTION_RECEIVED') };
    if (kind === 'bonus' && claimsInPeriod(offer.bonus_type!, claims, claimPeriod(deps.now())).length >= offer.max_received) return { offer, refusal: businessRule('BONUS_MAX_CLAIMED') };
    if (offer.global_cap !== null && offer.claimed_count >= offer.global_cap) return { offer, refusal: businessRule('BONUS_FULL') };

    const [since, held] = await Promise.all([qualifyingSince(trx, memberId), conditions.held(trx, memberId)]);
    // "First deposit" means it: the member's only deposit, with nothing taken before it.
    if (offer.first_deposit_only && (since !== null || (await deps.deposits.count(trx, memberId)) > 1)) return { offer, refusal: businessRule('BONUS_FIRST_DEPOSIT') };
    // A share of a deposit still held: money already withdrawn again earns nothing.
    const deposited = await deps.deposits.totalSince(trx, memberId, since);
    const deposit = deposited < held ? deposited : held;
    if (deposit < offer.minimum_deposit) return { offer, refusal: businessRule('BONUS_DEPOSIT_MINIMUM', { minimum: toMajor(offer.minimum_deposit) }) };
    const amount = rewardFor(rewardTerms(offer), deposit);
    if (amount <= 0n) return { offer, refusal: businessRule('BONUS_DEPOSIT_MINIMUM', { minimum: toMajor(offer.minimum_deposit) }) };
    const quote = await rewards.quote(trx, context, {
      kind,
      amount,
      // A fixed reward that asks no deposit rewards none: everything held is the member's other money.
      qualifyingDeposit: offer.reward_mode === 'share' || offer.minimum_deposit > 0n ? deposit : 0n,
      condition: offer.has_condition ? { successPercent: offer.success_percent, failPercent: offer.fail_percent, clearMode: offer.clear_mode } : null,
    });
    return { offer, quote, refusal: quote.refusal };
  }

  async function claim(context: MemberContext, code: string, kind: 'bonus' | 'promotion', idempotencyKey: string | null): Promise<ClaimResponse> {
    const { memberId } = context;
    return keepingBlocked(deps.risk, () =>
      db.transaction().execute(async (trx) => {
        const { replay } = await rewards.begin(trx, memberId, idempotencyKey);
        if (replay) return toClaimResponse(replay);
        const { quote, refusal } = await evaluate(trx, context, code, kind);
        if (refusal || !quote) throw refusal ?? businessRule('BONUS_DEPOSIT_MINIMUM', { minimum: 0 });
        // The global cap: one conditional increment per claim, so 50 members racing for the last place get one.
        if (!(await repo.takeOfferPlace(trx, code))) throw businessRule('BONUS_FULL');
        return toClaimResponse(await rewards.pay(trx, { memberId, currency: context.currency, offerCode: code, source: code, quote, idempotencyKey }));
      }),
    );
  }

  /** The member's money against their condition now: the total, their own deposits, and what ending would take. */
  async function position(db: Db, condition: ConditionRow) {
    const [total, own] = await Promise.all([ledger.memberTotal(condition.member_id, db), conditions.ownDeposits(db, condition.id)]);
    const endTakes = mayEnd(total, condition, own) ? clearedOnEnd(total, condition, own) : 0n;
    return { total, own, endTakes, rewardHeld: rewardStillHeld(total, condition, own) };
  }

  async function conditionStatus(trx: Db, condition: ConditionRow, language: Language): Promise<ConditionStatus & { operatorEndTakes: number }> {
    const [{ total, own, endTakes, rewardHeld }, offer] = await Promise.all([position(trx, condition), repo.conditionOfferName(trx, condition.source)]);
    return {
      kind: condition.kind,
      code: condition.source,
      name: offer ? textIn(offer.name, language) : condition.kind in PROGRAMME_NAMES ? PROGRAMME_NAMES[condition.kind as keyof typeof PROGRAMME_NAMES][language] : condition.source,
      base: toMajor(condition.base_amount),
      successPercent: condition.success_percent,
      failPercent: condition.fail_percent,
      successTarget: toMajor(successTarget(condition, own)),
      failFloor: toMajor(failFloor(condition, own)),
      total: toMajor(total),
      ownDeposits: toMajor(own),
      endTakes: toMajor(endTakes),
      clearMode: condition.clear_mode,
      createdAt: new Date(condition.created_at).toISOString(),
      operatorEndTakes: toMajor(rewardHeld),
    };
  }

  return {
    conditionStatus,

    async list(context: MemberContext, language: Language): Promise<BonusItem[]> {
      const now = deps.now();
      const [offers, claims, banners, active] = await Promise.all([
        repo.listOffers(db, { kind: 'bonus', status: 'active' }),
        repo.offerClaimsOf(db, context.memberId),
        repo.listBanners(db, { placement: 'bonus' }),
        conditions.active(db, context.memberId),
      ]);
      const period = claimPeriod(now);
      return offers
        .filter((offer) => isOfferedTo(offer, context.currency, 'bonus', now))
        .map((offer) => {
          const mine = claims.filter((row) => row.offer_code === offer.code).sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at));
          const counted = claimsInPeriod(offer.bonus_type!, mine, period);
          const latest = mine[0];
          return {
            code: offer.code,
            name: textIn(offer.name, language),
            type: offer.bonus_type!,
            maxReceived: offer.max_received,
            percentFail: offer.fail_percent,
            percentSuccess: offer.success_percent,
            reward: rewardShape(offer),
            minimumDeposit: toMajor(offer.minimum_deposit),
            hasCondition: offer.has_condition,
            banners: banners.filter((banner) => banner.offer_code === offer.code).map((banner) => ({ image: bannerUrl(banner.image_file), html: textIn(banner.html, language) })),
            userBonus: latest
              ? {
                  _id: latest.id,
                  isActive: active !== undefined && active.source === offer.code && latest.condition_id === active.id,
                  received: counted.map((row) => ({ updatedAt: new Date(row.created_at).toISOString() })),
                }
              : null,
          };
        });
    },

    activateBonus: (context: MemberContext, code: string, key: string | null) => claim(context, code, 'bonus', key),
    activatePromotion: (context: MemberContext, code: string, key: string | null) => claim(context, code, 'promotion', key),

    async findPromotion(context: MemberContext, code: string, language: Language): Promise<PromotionInfo> {
      const offer = await repo.findOffer(db, code);
      if (!offer || !isOfferedTo(offer, context.currency, 'promotion', deps.now())) throw notFound('NO_PROMOTION');
      return toPromotion(offer, language);
    },

    /** The promotion behind the member's active condition, if one is. */
    async currentPromotion(context: MemberContext, language: Language): Promise<PromotionInfo | null> {
      const active = await conditions.active(db, context.memberId);
      if (!active || active.kind !== 'promotion') return null;
      const offer = await repo.findOffer(db, active.source);
      return offer ? toPromotion(offer, language) : null;
    },

    async checkActive(context: MemberContext, language: Language): Promise<BonusActiveResponse> {
      const active = await conditions.active(db, context.memberId);
      if (!active) return { status: false, type: null, condition: null };
      return { status: true, type: active.kind, condition: await conditionStatus(db, active, language) };
    },

    async checkMinimum(context: MemberContext) {
      const [deposit, offers] = await Promise.all([qualifyingSince(db, context.memberId).then((since) => deps.deposits.totalSince(db, context.memberId, since)), repo.listOffers(db, { kind: 'bonus', status: 'active' })]);
      const minimums = offers.filter((offer) => isOfferedTo(offer, context.currency, 'bonus', deps.now())).map((offer) => offer.minimum_deposit);
      const minimum = minimums.length ? minimums.reduce((low, value) => (value < low ? value : low)) : 0n;
      return { qualifyingDeposit: toMajor(deposit), minimum: toMajor(minimum) };
    },

    /** What taking this bonus or promotion code would do, in money (nothing is locked or paid). */
    async preview(context: MemberContext, code: string): Promise<RewardPreview> {
      const kind = (await repo.findOffer(db, code))?.kind ?? 'bonus';
      const { offer, quote, refusal } = await evaluate(db, context, code, kind);
      // Not on offer to this member (unknown, another currency's, outside its window): nothing to show.
      if (!offer) throw refusal ?? notFound('NO_DATA');
      const active = await rewards.activeRefusal(db, context.memberId);
      const condition = offer.has_condition ? { successPercent: offer.success_percent, failPercent: offer.fail_percent, clearMode: offer.clear_mode } : null;
      const terms = quote ?? (await rewards.quote(db, context, { kind, amount: minor(0n), qualifyingDeposit: 0n, condition }));
      return toRewardPreview(code, context.currency, terms, active ?? refusal, offer.minimum_deposit);
    },

    /** What ending the condition would do now: game results are booked first, as ending does. */
    async clearPreview(context: MemberContext): Promise<ClearPreview> {
      const active = await conditions.active(db, context.memberId);
      if (!active) throw notFound('NO_DATA');
      await deps.wallet.refreshAll(context);
      const [{ total, own, endTakes }, pending] = await Promise.all([position(db, active), conditions.hasMoneyInFlight(db, context.memberId)]);
      const refusal = pending ? 'TRANSFER_PENDING' : mayEnd(total, active, own) ? null : 'BONUS_CONDITION';
      return {
        allowed: refusal === null,
        refusal,
        currency: context.currency,
        total: toMajor(total),
        floor: toMajor(failFloor(active, own)),
        ownDeposits: toMajor(own),
        takes: toMajor(refusal ? 0n : endTakes),
        keeps: toMajor(refusal ? total : total - endTakes),
      };
    },

    /**
     * Ends the member's condition (SPEC §4 Bonus rules; DESIGN §6): only under the floor. Game
     * money first comes back to the wallet through the providers; then, in one transaction with the
     * wallet held still, and no transfer to a game in flight, the condition closes and what the
     * terms clear goes back to its expense account. The member's own deposits are never taken.
     */
    async clear(context: MemberContext, idempotencyKey: string | null): Promise<{ message: 'BONUS_CLEAR'; amount: number }> {
      const { memberId } = context;
      const before = await conditions.active(db, memberId);
      if (!before) throw notFound('NO_DATA');
      // Game results booked first, so the floor is compared with what the member holds now.
      await deps.wallet.refreshAll(context);
      const now = await position(db, before);
      if (!mayEnd(now.total, before, now.own)) throw businessRule('BONUS_CONDITION');

      const collected = await deps.wallet.transferAll(context, WALLET_CODE, idempotencyKey && `${idempotencyKey}:clear`);
      if (collected.failed.length > 0) throw new AppError('TRANSFER_FAIL', 502);
      if (collected.message === 'TRANSFER_PENDING') throw businessRule('TRANSFER_PENDING');

      return db.transaction().execute(async (trx) => {
        const condition = await lockActiveInOrder(trx, memberId, 'byMember');
        if (!condition) throw notFound('NO_DATA');
        const { cleared } = await endLocked(trx, condition, { endedBy: 'member', reason: null }, (walletBalance, own) => {
          if (!mayEnd(walletBalance, condition, own)) throw businessRule('BONUS_CONDITION');
          return clearedOnEnd(walletBalance, condition, own);
        });
        return { message: 'BONUS_CLEAR' as const, amount: toMajor(cleared) };
      });
    },

    /**
     * An operator ends a member's condition at any total: the reward still held (what is left under
     * the condition, at most the reward) goes back to its expense account, so ending never releases
     * an unplayed reward. The money must be in the wallet: with money in games or in flight the
     * operator is refused, as a member would be. Returns the ended condition and what was taken.
     */
    async endByOperator(trx: Db, condition: ConditionRow, endedBy: string, reason: string): Promise<{ ended: ConditionRow; taken: bigint }> {
      const { ended, cleared } = await endLocked(trx, condition, { endedBy, reason }, (walletBalance, own) => rewardStillHeld(walletBalance, condition, own));
      return { ended, taken: cleared };
    },
    /** The member's active condition, locked in the ledger README's order for an operator to end it; undefined when there is none. */
    lockToEnd: (trx: Db, memberId: bigint) => lockActiveInOrder(trx, memberId, 'byOperator'),
  };

  /** The member, then their active condition, locked in the ledger README's order; undefined when there is none. */
  async function lockActiveInOrder(trx: Db, memberId: bigint, actor: 'byMember' | 'byOperator'): Promise<ConditionRow | undefined> {
    await ledger.lockMember(memberId, trx, actor);
    return conditions.lockActive(trx, memberId);
  }

  /**
   * Ends a condition locked by `lockActiveInOrder`, in the caller's transaction, with the wallet held
   * still and no money in games or on its way there (it would escape the clearing): `clears` says
   * what goes back to the reward's expense account from the wallet's balance.
   */
  async function endLocked(
    trx: Db,
    condition: ConditionRow,
    by: { endedBy: string; reason: string | null },
    clears: (walletBalance: bigint, ownDeposits: bigint) => bigint,
  ): Promise<{ ended: ConditionRow; cleared: bigint }> {
    const memberId = condition.member_id;
    await ledger.lockWallet(memberId, trx);
    if (await conditions.hasMoneyInFlight(trx, memberId)) throw businessRule('TRANSFER_PENDING');
    const held = await ledger.memberBalances(memberId, trx);
    if (held.some((account) => account.kind === 'member_game' && account.balance > 0n)) throw businessRule('TRANSFER_PENDING');
    const walletBalance = held.find((account) => account.kind === 'member_wallet')?.balance ?? 0n;
    const cleared = clears(walletBalance, await conditions.ownDeposits(trx, condition.id));
    let clearTransferId: bigint | null = null;
    if (cleared > 0n) {
      const transfer = await ledger.post(
        { key: `condition-clear:${condition.id}`, from: accounts.wallet(memberId), to: accounts.rewardExpense(condition.kind as RewardSource), amount: cleared, kind: 'bonus_clear', reference: condition.id },
        trx,
      );
      clearTransferId = transfer.id;
    }
    const ended = await conditions.end(trx, condition.id, { clearedAmount: cleared, clearTransferId, endedBy: by.endedBy, reason: by.reason });
    return { ended, cleared };
  }

  function toPromotion(offer: repo.OfferRow, language: Language): PromotionInfo {
    return {
      code: offer.code,
      percentFail: offer.fail_percent,
      percentSuccess: offer.success_percent,
      description: textIn(offer.description, language),
      reward: rewardShape(offer),
      validUntil: offer.ends_at ? new Date(offer.ends_at).toISOString() : null,
    };
  }
}
export type OfferService = ReturnType<typeof createOfferService>;
