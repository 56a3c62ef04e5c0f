import type { Members } from '../account/members.js';
import crypto from 'node:crypto';
import { type Coupon, type CouponStatus, type Language, type RewardPreview, type SpinFairness, type SpinResult, type SpinSeed, type SpinSetup, minor, minorOf, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { AppError, businessRule, notFound } from '../../errors.js';
import type { MemberContext } from '../../http/context.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { type SettingsService, moneyRules } from '../settings/settings.service.js';
import { type RewardTerms, type Rewards, toRewardPreview } from '../promotions/rewards.js';
import { keepingBlocked } from '../risk/keep-blocked.js';
import type { ProtectionService } from '../protection/protection.service.js';
import type { RiskService } from '../risk/risk.service.js';
import { textIn } from '../promotions/promotions.rules.js';
import { coinsEarned } from './coins.rules.js';
import { drawFraction, newServerSeed, seedHash, sliceForDraw } from './spin.rules.js';
import * as repo from './spin.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const VERIFY_LIST = 20;

/** A prize in what the member reads: baht for money prizes, a count for coins. */
export const prizeAmount = (kind: repo.SpinRow['prize_kind'], amount: bigint): number => (kind === 'coins' ? Number(amount) : toMajor(amount));

export function couponStatus(spin: Pick<repo.SpinRow, 'status' | 'expires_at'>, now: Date): CouponStatus | 'none' {
  if (spin.status === 'claimable' && new Date(spin.expires_at) <= now) return 'expired';
  return spin.status;
}

const newClientSeed = () => crypto.randomBytes(8).toString('hex');

/**
 * The member side of the spin wheel: the server decides each spin before the wheel
 * moves, from the campaign's weights and the member's committed seed, spending one coin in the same
 * transaction that records it; a prize becomes a coupon the member claims once.
 */
export function createSpinService(deps: { db: Db; members: Pick<Members, 'lock' | 'walletCurrency'>; ledger: Pick<Ledger, 'post' | 'balances' | 'lockMember' | 'netGameLoss'>; rewards: Pick<Rewards, 'begin' | 'pay' | 'quote' | 'activeRefusal'>; risk: Pick<RiskService, 'keepBlocked'>; protection: Pick<ProtectionService, 'refuseRestricted'>; settings: Pick<SettingsService, 'site'>; now: () => Date }) {
  const { db, ledger, rewards, now } = deps;

  const coinsOf = async (memberId: bigint, trx: Db = db): Promise<number> => {
    const code = accounts.coins(memberId).code;
    return Number((await ledger.balances([code], trx)).get(code) ?? 0n);
  };

  const toCoupon = (spin: repo.SpinRow & { campaign_name: Record<string, string> }, language: Language): Coupon => ({
    _id: spin.id,
    prize: { name: textIn(spin.campaign_name, language), label: textIn(spin.slice_label, language) },
    kind: spin.prize_kind,
    amount: prizeAmount(spin.prize_kind, spin.prize_amount),
    status: couponStatus(spin, now()) as CouponStatus,
    expiresAt: new Date(spin.expires_at).toISOString(),
    claimedAt: spin.claimed_at === null ? null : new Date(spin.claimed_at).toISOString(),
    createdAt: new Date(spin.created_at).toISOString(),
  });

  const toResult = (spin: repo.SpinRow, seed: Pick<repo.SeedRow, 'server_seed_hash' | 'client_seed'>, remainingCoin: number, language: Language): SpinResult => ({
    _id: spin.id,
    code: spin.slice_code,
    label: textIn(spin.slice_label, language),
    remainingCoin,
    kind: spin.prize_kind,
    amount: prizeAmount(spin.prize_kind, spin.prize_amount),
    serverSeedHash: seed.server_seed_hash,
    clientSeed: seed.client_seed,
    nonce: spin.nonce,
  });

  const toSeed = (seed: repo.SeedRow): SpinSeed => ({ serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: seed.next_nonce });

  async function currentSeedFor(trx: Db, memberId: bigint): Promise<repo.SeedRow> {
    const seed = await repo.lockCurrentSeed(trx, memberId);
    if (seed) return seed;
    const serverSeed = newServerSeed();
    return repo.insertSeed(trx, { member_id: memberId, server_seed: serverSeed, server_seed_hash: seedHash(serverSeed), client_seed: newClientSeed() });
  }

  /** Why a coupon cannot be claimed, whatever the member holds. */
  function couponRefusal(spin: repo.SpinRow): AppError | null {
    if (spin.status === 'none') return businessRule('INVALID_COUPON_TYPE');
    if (spin.status === 'voided') return businessRule('INVALID_PRIZE_CODE');
    if (spin.status === 'claimed') return businessRule('NO_CLAIMABLE_COUPON');
    if (new Date(spin.expires_at) <= now()) return businessRule('COUPON_EXPIRED');
    return null;
  }

  /** A money prize's terms: a bonus prize keeps its slice's condition, a cash prize takes the operator's. */
  async function prizeTerms(trx: Db, spin: repo.SpinRow): Promise<RewardTerms> {
    const site = await deps.settings.site(trx);
    const condition =
      spin.prize_kind === 'bonus' && spin.success_percent !== null && spin.fail_percent !== null
        ? { successPercent: spin.success_percent, failPercent: spin.fail_percent, clearMode: 'remaining' as const }
        : { successPercent: site.spinPrizeSuccessPercent, failPercent: site.spinPrizeFailPercent, clearMode: 'remaining' as const };
    return { kind: 'spin', amount: minor(spin.prize_amount), qualifyingDeposit: 0n, condition };
  }

  return {
    /**
     * Coins reward play (DESIGN §6): earned on what games kept, never on money that only passed
     * through. Called in the transaction that books the member's game results.
     */
    async earnFromPlay(trx: Db, memberId: bigint): Promise<void> {
      const currency = await deps.members.walletCurrency(trx, memberId);
      if (!currency) throw notFound('NO_USER');
      const { spinCoinAmount } = moneyRules(await deps.settings.site(trx), currency);
      const counted = await repo.lockLossMark(trx, memberId);
      const loss = await ledger.netGameLoss(memberId, trx);
      if (loss <= counted) return;
      await repo.moveLossMark(trx, memberId, loss);
      const coins = coinsEarned(counted, loss - counted, minorOf(spinCoinAmount));
      if (coins > 0n) {
        await ledger.post({ key: `coins:loss:${memberId}:${loss}`, from: accounts.coinIssuer(), to: accounts.coins(memberId), amount: coins, kind: 'spin_coins', reference: String(memberId) }, trx);
      }
    },

    async isActive(member: MemberContext): Promise<boolean> {
      return (await repo.activeCampaign(db, now(), member.currency)) !== undefined;
    },

    async setup(member: MemberContext, language: Language): Promise<SpinSetup> {
      const campaign = await repo.activeCampaign(db, now(), member.currency);
      const slices = campaign ? await repo.slicesOf(db, campaign.id) : [];
      return {
        activeSpinwheel: campaign
          ? {
              _id: campaign.id,
              name: textIn(campaign.name, language),
              slices: slices.map((slice) => ({ code: slice.code, label: textIn(slice.label, language), bgColor: slice.bg_color, textColor: slice.text_color, htmlDescription: textIn(slice.description, language) })),
            }
          : null,
        userCoin: await coinsOf(member.memberId),
        coinBaht: moneyRules(await deps.settings.site(), member.currency).spinCoinAmount,
      };
    },

    /** One coin, one draw, one recorded spin, in one transaction; a repeated Idempotency-Key replays it. */
    async spin(member: MemberContext, idempotencyKey: string | null, language: Language): Promise<{ success: true; result: SpinResult }> {
      const { memberId } = member;
      const result = await db.transaction().execute(async (trx) => {
        await deps.ledger.lockMember(memberId, trx, 'byMember');
        await deps.protection.refuseRestricted(trx, memberId);
        if (idempotencyKey) {
          const replay = await repo.findSpinByKey(trx, memberId, idempotencyKey);
          if (replay) {
            const seed = await repo.findSeed(trx, replay.seed_id);
            return toResult(replay, seed, await coinsOf(memberId, trx), language);
          }
        }
        const at = now();
        const campaign = await repo.activeCampaign(trx, at, member.currency);
        if (!campaign) throw businessRule('SPINWHEEL_INACTIVE');
        const slices = await repo.slicesOf(trx, campaign.id);
        const spinId = crypto.randomUUID();
        let coinTransfer: { id: bigint };
        try {
          coinTransfer = await ledger.post({ key: `spin:${spinId}`, from: accounts.coins(memberId), to: accounts.coinIssuer(), amount: 1n, kind: 'spin_coins', reference: spinId }, trx);
        } catch (error) {
          if (error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH') throw businessRule('NO_COIN');
          throw error;
        }
        const seed = await currentSeedFor(trx, memberId);
        const weights = slices.map((slice) => slice.weight);
        const draw = drawFraction(seed.server_seed, seed.client_seed, seed.next_nonce);
        const slice = slices[sliceForDraw(draw, weights)]!;
        await repo.advanceNonce(trx, seed.id);
        const spin = await repo.insertSpin(trx, {
          id: spinId,
          member_id: memberId,
          campaign_id: campaign.id,
          seed_id: seed.id,
          nonce: seed.next_nonce,
          weights: JSON.stringify(weights),
          draw,
          slice_position: slice.position,
          slice_code: slice.code,
          slice_label: JSON.stringify(slice.label),
          prize_kind: slice.prize_kind,
          prize_amount: slice.prize_amount,
          success_percent: slice.success_percent,
          fail_percent: slice.fail_percent,
          coin_transfer_id: coinTransfer.id,
          idempotency_key: idempotencyKey,
          status: slice.prize_kind === 'none' ? 'none' : 'claimable',
          expires_at: new Date(at.getTime() + slice.coupon_days * DAY_MS),
          created_at: at,
        });
        return toResult(spin, seed, await coinsOf(memberId, trx), language);
      });
      return { success: true, result };
    },

    async coupons(member: MemberContext, page: number, limit: number, language: Language) {
      const { rows, total } = await repo.spinsOf(db, member.memberId, page, limit, true);
      return { total, coupons: rows.map((row) => toCoupon(row, language)) };
    },

    /**
     * Pays a coupon once (SPEC §8 spin-coupon codes): money prizes through the one reward payment
     * from the spin-prize account, each under a condition (a bonus prize with its slice's terms, a
     * cash prize with the operator's: DESIGN §6, no prize is withdrawable unplayed), coin prizes from
     * the coin issuer. The coupon row is locked, so a claim racing another pays once.
     */
    async claim(member: MemberContext, couponId: string, idempotencyKey: string | null, language: Language) {
      const { memberId } = member;
      // A money prize the risk rules block is refused and kept; the coupon stays claimable.
      const coupon = await keepingBlocked(deps.risk, () => db.transaction().execute(async (trx) => {
        await deps.ledger.lockMember(memberId, trx, 'byMember');
        const spin = await repo.lockSpin(trx, memberId, couponId);
        if (!spin) throw notFound('NO_CLAIMABLE_COUPON');
        if (spin.status === 'claimed' && idempotencyKey !== null && spin.claim_key === idempotencyKey) return toCoupon(spin, language);
        const refused = couponRefusal(spin);
        if (refused) throw refused;
        const at = now();
        let claimId: string | null = null;
        let transferId: bigint;
        if (spin.prize_kind === 'coins') {
          transferId = (await ledger.post({ key: `coupon:${spin.id}`, from: accounts.coinIssuer(), to: accounts.coins(memberId), amount: spin.prize_amount, kind: 'spin_coins', reference: spin.id }, trx)).id;
        } else {
          await rewards.begin(trx, memberId, null, 'spin');
          const quote = await rewards.quote(trx, member, await prizeTerms(trx, spin));
          if (quote.refusal) throw quote.refusal;
          const claim = await rewards.pay(trx, { memberId, currency: member.currency, offerCode: null, source: spin.slice_code, quote, idempotencyKey: null });
          claimId = claim.id;
          transferId = claim.transfer_id;
        }
        await repo.markClaimed(trx, spin.id, { claim_id: claimId, claim_transfer_id: transferId, claim_key: idempotencyKey, claimed_at: at });
        return toCoupon({ ...spin, status: 'claimed', claimed_at: at }, language);
      }));
      return { success: true as const, message: 'SUCCESS' as const, coupon };
    },

    /** What claiming this coupon would do, in money (a coin prize moves no money and locks nothing). */
    async preview(member: MemberContext, couponId: string): Promise<RewardPreview> {
      const spin = await repo.findSpin(db, member.memberId, couponId);
      if (!spin) throw notFound('NO_CLAIMABLE_COUPON');
      const terms = spin.prize_kind === 'coins' || spin.prize_kind === 'none' ? { kind: 'spin' as const, amount: minor(0n), qualifyingDeposit: 0n, condition: null } : await prizeTerms(db, spin);
      const quote = await rewards.quote(db, member, terms);
      const refusal = couponRefusal(spin) ?? (spin.prize_kind === 'coins' ? null : ((await rewards.activeRefusal(db, member.memberId, 'spin')) ?? quote.refusal));
      return toRewardPreview(spin.slice_code, member.currency, quote, refusal);
    },

    async fairness(member: MemberContext, language: Language): Promise<SpinFairness> {
      const campaign = await repo.activeCampaign(db, now(), member.currency);
      const slices = campaign ? await repo.slicesOf(db, campaign.id) : [];
      const total = slices.reduce((sum, slice) => sum + slice.weight, 0);
      // The seed is committed to (its hash shown) before the first spin it decides.
      const seed = await db.transaction().execute(async (trx) => {
        if (!(await deps.members.lock(trx, member.memberId))) throw notFound('NO_USER');
        return currentSeedFor(trx, member.memberId);
      });
      const spins = await repo.recentSpins(db, member.memberId, VERIFY_LIST);
      return {
        odds: slices.map((slice) => ({ code: slice.code, label: textIn(slice.label, language), weight: slice.weight, chance: total > 0 ? slice.weight / total : 0 })),
        seed: toSeed(seed),
        spins: spins.map((spin) => ({
          _id: spin.id,
          code: spin.slice_code,
          label: textIn(spin.slice_label, language),
          weights: spin.weights,
          serverSeedHash: spin.server_seed_hash,
          serverSeed: spin.revealed_at === null ? null : spin.server_seed,
          clientSeed: spin.client_seed,
          nonce: spin.nonce,
          createdAt: new Date(spin.created_at).toISOString(),
        })),
      };
    },

    /** Reveals the current server seed (every spin it decided can now be recomputed) and commits to a new one. */
    async rotateSeed(member: MemberContext, clientSeed: string | undefined) {
      return db.transaction().execute(async (trx) => {
        if (!(await deps.members.lock(trx, member.memberId))) throw notFound('NO_USER');
        const old = await repo.lockCurrentSeed(trx, member.memberId);
        if (old) await repo.revealSeed(trx, old.id, now());
        const serverSeed = newServerSeed();
        const seed = await repo.insertSeed(trx, { member_id: member.memberId, server_seed: serverSeed, server_seed_hash: seedHash(serverSeed), client_seed: clientSeed ?? newClientSeed() });
        return { revealed: old ? { serverSeed: old.server_seed, serverSeedHash: old.server_seed_hash } : null, seed: toSeed(seed) };
      });
    },
  };
}
export type SpinService = ReturnType<typeof createSpinService>;
