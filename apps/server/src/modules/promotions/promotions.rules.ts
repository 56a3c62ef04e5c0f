import { type BonusType, type CurrencyCode, type Language, type Minor, minor, percentOf } from '@wallet/contract';

/** Asia/Bangkok and Asia/Vientiane keep UTC+7 all year (no daylight saving). */
const SITE_OFFSET_MS = 7 * 60 * 60 * 1000;

export interface ClaimPeriod {
  /** The site's calendar day, YYYY-MM-DD. */
  day: string;
  /** The ISO week of that day, YYYY-Www (the week-year may differ from the calendar year). */
  week: string;
}

export interface OfferState {
  kind: 'bonus' | 'promotion';
  status: 'active' | 'paused' | 'retired';
  currency: CurrencyCode;
  starts_at: Date | null;
  ends_at: Date | null;
}

/**
 * Whether `offer` is on offer to a member whose wallets hold `currency`, as a `kind`, at `at`: active,
 * inside its validity window by the app clock, and for wallets of that currency (an offer in another
 * currency is not the member's to see or take).
 */
export function isOfferedTo(offer: OfferState, currency: CurrencyCode, kind: OfferState['kind'], at: Date): boolean {
  return (
    offer.kind === kind &&
    offer.currency === currency &&
    offer.status === 'active' &&
    (offer.starts_at === null || offer.starts_at <= at) &&
    (offer.ends_at === null || offer.ends_at > at)
  );
}

/** The calendar day and ISO week a claim made at `at` counts in, in the site's time. */
export function claimPeriod(at: Date): ClaimPeriod {
  const local = new Date(at.getTime() + SITE_OFFSET_MS);
  const day = local.toISOString().slice(0, 10);
  // ISO 8601: the week with the year's first Thursday is week 1; weeks start on Monday.
  const date = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return { day, week: `${weekYear}-W${String(week).padStart(2, '0')}` };
}

/** Claims that count against a bonus's maxReceived: all of them, today's, or this ISO week's. */
export function claimsInPeriod<T extends { claim_day: string; claim_week: string }>(type: BonusType, claims: readonly T[], period: ClaimPeriod): T[] {
  if (type === 'day') return claims.filter((claim) => claim.claim_day === period.day);
  if (type === 'week') return claims.filter((claim) => claim.claim_week === period.week);
  return [...claims];
}

export interface RewardTerms {
  reward_mode: 'share' | 'fixed';
  reward_percent: number | null;
  reward_amount: bigint | null;
  reward_cap: bigint | null;
}

/** A share of the qualifying deposit (floored, capped), or the fixed amount. */
export function rewardFor(terms: RewardTerms, qualifyingDeposit: bigint): Minor {
  if (terms.reward_mode === 'fixed') return minor(terms.reward_amount ?? 0n);
  const share = percentOf(minor(qualifyingDeposit), terms.reward_percent ?? 0);
  return terms.reward_cap !== null && share > terms.reward_cap ? minor(terms.reward_cap) : share;
}

/**
 * The refund owed (DESIGN §6 Refund): the operator's rate of the net game loss since the last
 * refund. Net loss is cumulative (losses booked minus wins booked); a member who won since the
 * last refund is owed nothing until the loss passes the mark again.
 */
export function refundOwed(netLossTotal: bigint, lastMark: bigint, ratePercent: number): { netLoss: Minor; amount: Minor } {
  const netLoss = netLossTotal > lastMark ? netLossTotal - lastMark : 0n;
  return { netLoss: minor(netLoss), amount: percentOf(minor(netLoss), ratePercent) };
}

export type InviteSignal = 'same_bank_account' | 'same_account_name' | 'same_device' | 'same_address';

/** What overlap between inviter and invitee means: clear cases refused, the rest for an operator. */
export function inviteVerdict(signals: readonly InviteSignal[]): 'accrued' | 'review' | 'refused' {
  if (signals.includes('same_bank_account') || signals.includes('same_account_name')) return 'refused';
  return signals.length > 0 ? 'review' : 'accrued';
}

/** The invite programme's own verdict made stricter by the risk decision: a block refuses the accrual, a review holds it. */
export function stricterVerdict(verdict: 'accrued' | 'review' | 'refused', risk: 'approve' | 'review' | 'block'): 'accrued' | 'review' | 'refused' {
  if (verdict === 'refused' || risk === 'block') return 'refused';
  return verdict === 'review' || risk === 'review' ? 'review' : 'accrued';
}

/**
 * Whether an invite accrual is more than its recorded rate of the deposit it was a share of (a
 * percentage with at most two decimals, as the accrual keeps it; none recorded reads as 100 %).
 */
export function accrualAboveItsRate(accrual: bigint, deposit: bigint, ratePercent: string | null): boolean {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(ratePercent ?? '100');
  if (!match) throw new Error(`invite accrual rate ${ratePercent} is not a percentage with two decimals`);
  const hundredths = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return accrual * 10_000n > deposit * hundredths;
}

/** Account names compared as a bank would print them: case, spacing and titles aside. */
export function sameAccountName(a: string, b: string): boolean {
  const normal = (name: string) =>
    name
      .normalize('NFKC')
      .toUpperCase()
      .replace(/^(MR|MRS|MS|MISS|นาย|นาง|นางสาว)\.?\s+/u, '')
      .replace(/\s+/g, ' ')
      .trim();
  return normal(a) !== '' && normal(a) === normal(b);
}

/** An operator text in the reader's language, else Thai, else English. */
export const textIn = (texts: Record<string, string>, language: Language): string => texts[language] || texts.th || texts.en || '';
