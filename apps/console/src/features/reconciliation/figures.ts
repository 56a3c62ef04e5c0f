import { CURRENCY_CODES, type CurrencyCode, type ReconciliationException, formatMoney, toMajor } from '@wallet/contract';
import { SITE_PROFILE } from '../../shared/site';

const DAY_SECONDS = 24 * 60 * 60;

const currencyOf = (code: string): CurrencyCode => (CURRENCY_CODES as readonly string[]).includes(code) ? (code as CurrencyCode) : 'THB';

/** Minor units as the API sends them (a decimal string) in the console's money format; '-' for none. */
export const minorMoney = (minor: string | bigint | null | undefined, currency: string) =>
  minor === null || minor === undefined || minor === '' ? '-' : formatMoney(toMajor(BigInt(minor)), 'en', currencyOf(currency));

/** Theirs less ours, in minor units: what the outside record says beyond ours (negative when ours is more). */
export const differenceOf = (exception: Pick<ReconciliationException, 'ourAmount' | 'theirAmount'>): bigint =>
  BigInt(exception.theirAmount ?? '0') - BigInt(exception.ourAmount ?? '0');

/** Still waiting on someone: open, a correction or a write-off to decide. */
export const isWaiting = (exception: Pick<ReconciliationException, 'status'>) => ['open', 'correcting', 'write_off_proposed'].includes(exception.status);

/** Waiting over a day with no owner: what the desk must not leave (shown in red). */
export const isOverdue = (exception: Pick<ReconciliationException, 'status' | 'ageSeconds' | 'assignee'>) =>
  isWaiting(exception) && exception.assignee === null && exception.ageSeconds > DAY_SECONDS;

/**
 * What a correction from this exception most likely is: the difference, credited to the member when
 * the outside record holds more than ours (a payment we never credited), debited when ours is more.
 * The operator checks it and may change either.
 */
export function correctionFor(exception: Pick<ReconciliationException, 'ourAmount' | 'theirAmount'>): { direction: 'credit' | 'debit'; amount: number | undefined } {
  const difference = differenceOf(exception);
  const size = difference < 0n ? -difference : difference;
  return { direction: difference < 0n ? 'debit' : 'credit', amount: size === 0n ? undefined : toMajor(size) };
}

/** A gaming day (YYYY-MM-DD) in the site's own zone. */
export const siteDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: SITE_PROFILE.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
