import { type ApprovalReason, type CurrencyCode, minorOf } from '@wallet/contract';
import type { SiteSettings } from '../settings/settings.service.js';
import { type ProtectionDefaults, protectionInForce } from '../protection/site-defaults.js';

/** Above these a change waits for a second operator; amounts in the currency's minor units. */
export interface Thresholds {
  rewardAbove: bigint;
  sharePercentAbove: number;
  ratePercentAbove: number;
}

export function thresholdsFor(site: SiteSettings, currency: CurrencyCode): Thresholds {
  return {
    rewardAbove: minorOf(currency === 'LAK' ? site.approvalRewardAboveKip : site.approvalRewardAbove),
    sharePercentAbove: site.approvalSharePercentAbove,
    ratePercentAbove: site.approvalRatePercentAbove,
  };
}

/** The settings that set the thresholds: changing them always needs a second operator. */
export const THRESHOLD_KEYS = ['approvalRewardAbove', 'approvalRewardAboveKip', 'approvalSharePercentAbove', 'approvalRatePercentAbove'] as const satisfies readonly (keyof SiteSettings)[];

/** What auto-payout may pay without an operator, per currency: raising any of them lets more money out unseen. */
const AUTO_PAYOUT_LIMITS: ReadonlyArray<(site: SiteSettings) => number> = [
  (site) => site.autoPayoutMax,
  (site) => site.autoPayoutDailyBudget,
  (site) => site.lak.autoPayoutMax,
  (site) => site.lak.autoPayoutDailyBudget,
];

/** An offer's terms as the rules read them. */
export interface OfferTerms {
  rewardMode: 'share' | 'fixed';
  rewardPercent: number | null;
  rewardAmount: bigint | null;
  rewardCap: bigint | null;
  minimumDeposit: bigint;
  hasCondition: boolean;
}

/** Why an offer with these terms needs a second operator; none when one may set it alone. */
export function offerReasons(terms: OfferTerms, limits: Thresholds): ApprovalReason[] {
  const reasons: ApprovalReason[] = [];
  const fixed = terms.rewardMode === 'fixed';
  if ((fixed && (terms.rewardAmount ?? 0n) > limits.rewardAbove) || (terms.rewardCap !== null && terms.rewardCap > limits.rewardAbove)) reasons.push('reward_above');
  if (!fixed && (terms.rewardPercent ?? 0) > limits.sharePercentAbove) reasons.push('share_above');
  if (!terms.hasCondition) reasons.push('no_condition');
  // A fixed reward with no minimum deposit is money for nothing but a claim.
  if (fixed && terms.minimumDeposit === 0n) reasons.push('no_deposit');
  return reasons;
}

const PROGRAMMES = [
  { enabled: 'inviteEnabled', rate: 'inviteRatePercent', hasCondition: 'inviteHasCondition', keys: ['inviteEnabled', 'inviteRatePercent', 'inviteHasCondition', 'inviteSuccessPercent', 'inviteFailPercent'] },
  { enabled: 'refundEnabled', rate: 'refundRatePercent', hasCondition: 'refundHasCondition', keys: ['refundEnabled', 'refundRatePercent', 'refundHasCondition', 'refundSuccessPercent', 'refundFailPercent'] },
] as const satisfies readonly { enabled: keyof SiteSettings; rate: keyof SiteSettings; hasCondition: keyof SiteSettings; keys: readonly (keyof SiteSettings)[] }[];

/**
 * Whether player protection in force gets looser from `before` to `after`: a shorter cooling period,
 * strict off, no limit prompt for new members, or rarer reality checks. Compared as in force (an
 * unset setting is the site profile's default), so setting a value back to the default is judged by
 * what it does (docs/adr/0392-loosening-player-protection-takes-two-operators.md).
 */
export function loosensProtection(before: ProtectionDefaults, after: ProtectionDefaults): boolean {
  return (
    after.coolingHours < before.coolingHours ||
    (before.strict && !after.strict) ||
    (before.limitPrompt && !after.limitPrompt) ||
    after.realityCheckMinutes > before.realityCheckMinutes
  );
}

/**
 * Why a settings change needs a second operator: the thresholds themselves, a programme that pays
 * (invite, refund) left above the rate threshold or without a condition, a cheaper spin coin
 * (every campaign then pays more per baht deposited), or looser player protection (judged against
 * the site profile's `protection` defaults), or a higher auto-payout amount or budget. Only the keys that change are judged.
 */
export function settingsReasons(current: SiteSettings, next: SiteSettings, changed: readonly string[], protection: ProtectionDefaults): ApprovalReason[] {
  const reasons = new Set<ApprovalReason>();
  if (THRESHOLD_KEYS.some((key) => changed.includes(key))) reasons.add('thresholds');
  for (const programme of PROGRAMMES) {
    if (!programme.keys.some((key) => changed.includes(key)) || !next[programme.enabled]) continue;
    if (next[programme.rate] > current.approvalRatePercentAbove) reasons.add('rate_above');
    if (!next[programme.hasCondition]) reasons.add('no_condition');
  }
  if (changed.includes('spinCoinBaht') && next.spinCoinBaht < current.spinCoinBaht) reasons.add('coin_cheaper');
  if (changed.includes('lak.spinCoinAmount') && next.lak.spinCoinAmount < current.lak.spinCoinAmount) reasons.add('coin_cheaper');
  if (loosensProtection(protectionInForce(current, protection), protectionInForce(next, protection))) reasons.add('protection_looser');
  if (AUTO_PAYOUT_LIMITS.some((limit) => limit(next) > limit(current))) reasons.add('auto_payout_looser');
  return [...reasons];
}

/** A wheel's slice as the rules read it: money prizes in minor units, coin prizes in coins. */
export interface SlicePrize {
  weight: number;
  prizeKind: 'cash' | 'bonus' | 'coins' | 'none';
  prizeAmount: bigint;
}

/**
 * What one coin is expected to pay in money (minor units), counting the spins that coin prizes buy:
 * E = C + K·E, so E = C / (1 − K), with C the money and K the coins one spin pays on average. A wheel
 * paying a coin or more per spin on average never runs out: Infinity.
 */
export function expectedPerCoin(slices: readonly SlicePrize[]): number {
  const total = slices.reduce((sum, slice) => sum + slice.weight, 0);
  if (total === 0) return 0;
  let money = 0;
  let coins = 0;
  for (const slice of slices) {
    if (slice.prizeKind === 'coins') coins += (slice.weight * Number(slice.prizeAmount)) / total;
    else if (slice.prizeKind !== 'none') money += (slice.weight * Number(slice.prizeAmount)) / total;
  }
  return coins >= 1 ? Infinity : money / (1 - coins);
}

/** Why a campaign needs a second operator before it runs: a prize above the threshold, or a wheel paying more per coin than a coin costs. */
export function campaignReasons(slices: readonly SlicePrize[], coinValue: bigint, limits: Thresholds): ApprovalReason[] {
  const reasons: ApprovalReason[] = [];
  if (slices.some((slice) => (slice.prizeKind === 'cash' || slice.prizeKind === 'bonus') && slice.prizeAmount > limits.rewardAbove)) reasons.push('prize_above');
  if (expectedPerCoin(slices) > Number(coinValue)) reasons.push('pays_more_than_coin');
  return reasons;
}
