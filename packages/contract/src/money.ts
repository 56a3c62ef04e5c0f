import { CURRENCIES, type CurrencyCode } from './currency.js';

/**
 * One money vocabulary. Inside the product money is an integer count of minor
 * units as bigint, branded `Minor`; on the wire it is a JSON number of major units with at most
 * two decimals (DESIGN §4). Nothing multiplies by 100 or adds floats: amounts convert through
 * `parseDecimal`, add through `sum`, and take shares through `percentOf`.
 */
export type Minor = bigint & { readonly __minor: unique symbol };
/** Units a game provider counts in (SPEC §3 `ftWalletSlot`): never mixed with wallet money by type. */
export type ProviderCredits = bigint & { readonly __providerCredits: unique symbol };

export { CURRENCIES, CURRENCY_CODES, type CurrencyCode, walletCurrencyOf } from './currency.js';

export const MINOR_PER_MAJOR = 100n;
/** The largest single amount accepted from a member: 100 million baht. */
export const MAX_MAJOR_AMOUNT = 100_000_000;

export const minor = (value: bigint): Minor => value as Minor;
export const providerCredits = (value: bigint): ProviderCredits => value as ProviderCredits;

/**
 * The one decimal parser (the contract's schemas and every adapter reading an outside service's
 * amounts): "12.5", "12.50" or 12.5 → 1250n at `scale` places; null when the text is not a plain
 * non-negative decimal with at most `scale` places and twelve whole digits. A number is read
 * through its shortest text, so 0.1 + 0.2 (0.30000000000000004) is refused, as no client sends it.
 */
export function parseDecimal(value: string | number, scale = 2): bigint | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = (scale > 0 ? new RegExp(`^(\\d{1,12})(?:\\.(\\d{1,${scale}}))?$`) : /^(\d{1,12})$/).exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** Baht (a JSON number) → satang, or null when it has more than 2 decimals, is negative or absurd. */
export function toMinor(major: number): Minor | null {
  if (typeof major !== 'number' || major > MAX_MAJOR_AMOUNT) return null;
  const parsed = parseDecimal(major);
  return parsed === null ? null : minor(parsed);
}

/** For amounts already known exact (constants, validated settings): a wrong one is a bug, thrown. */
export function minorOf(major: number): Minor {
  const parsed = toMinor(major);
  if (parsed === null) throw new RangeError(`${major} is not an amount of money`);
  return parsed;
}

/**
 * Whether `amount` may move in a wallet of `currency`: in steps of its smallest payable amount
 * (whole kip, baht to the satang). The one rule for every call that moves a member's money
 * (deposits, transfers, withdrawals).
 */
export function isPayableIn(currency: CurrencyCode, amount: bigint): boolean {
  return amount % CURRENCIES[currency].smallestPayable === 0n;
}

/** The most of `amount` that can move in `currency` (a kip wallet's fraction of a kip stays). */
export function payablePart(currency: CurrencyCode, amount: bigint): bigint {
  return amount - (amount % CURRENCIES[currency].smallestPayable);
}

/** Satang → baht for JSON. Exact for every amount below 2^53 satang. */
export function toMajor(amount: bigint): number {
  const negative = amount < 0n;
  const absolute = negative ? -amount : amount;
  const text = `${absolute / MINOR_PER_MAJOR}.${String(absolute % MINOR_PER_MAJOR).padStart(2, '0')}`;
  return Number(negative ? `-${text}` : text);
}

/** Adds amounts in baht exactly, through satang: 1.1 + 2.2 is 3.3, not 3.3000000000000003. */
export function sum(amounts: readonly number[]): number {
  return toMajor(amounts.reduce<bigint>((total, amount) => total + (toMinor(Math.abs(amount)) ?? 0n) * (amount < 0 ? -1n : 1n), 0n));
}

/** `percent` % of an amount, floored to the minor unit (what the operator pays never rounds up). */
export function percentOf(amount: Minor, percent: number): Minor {
  const basisPoints = parseDecimal(percent, 2);
  if (basisPoints === null) throw new RangeError(`${percent} is not a percentage`);
  return minor((amount * basisPoints) / 10_000n);
}

/**
 * How each language prints an amount. Thai's own (th-TH, Latin digits) is English's. Lao amounts
 * are grouped with commas and a decimal point, as Lao banking apps print them: CLDR's Lao data says
 * the opposite, and Node (full ICU) follows it while Chromium does not, so the same amount would
 * read differently on the server and on a phone.
 */
const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  th: { group: ',', decimal: '.' },
  lo: { group: ',', decimal: '.' },
  en: { group: ',', decimal: '.' },
};

/**
 * A number grouped by thousands with `minFraction` to `maxFraction` decimals, rounded half away from
 * zero on its shortest decimal form: what `Intl.NumberFormat('en-US')` prints, digit for digit.
 * Written out because a phone builds its first number formatter of a locale slowly, in one task
 * that held home's first drawing (docs/adr/0477).
 */
function grouped(number: number, language: string, minFraction: number, maxFraction: number): string {
  const { group, decimal } = SEPARATORS[language] ?? SEPARATORS.th!;
  const shortest = Math.abs(number).toString();
  // Beyond 1e21 or below 1e-6, the shortest form has an exponent: rare enough to ask Intl.
  if (shortest.includes('e')) {
    const text = new Intl.NumberFormat('en-US', { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction }).format(number);
    return text.replace(/[,.]/g, (mark) => (mark === ',' ? group : decimal));
  }
  const [whole = '0', fraction = ''] = shortest.split('.');
  let scaled = BigInt(whole + fraction.slice(0, maxFraction).padEnd(maxFraction, '0'));
  if ((fraction[maxFraction] ?? '0') >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(maxFraction + 1, '0');
  const wholeDigits = digits.slice(0, digits.length - maxFraction);
  let fractionDigits = digits.slice(digits.length - maxFraction);
  while (fractionDigits.length > minFraction && fractionDigits.endsWith('0')) fractionDigits = fractionDigits.slice(0, -1);
  // A negative amount keeps its sign when it rounds to zero, as Intl prints it.
  const sign = number < 0 || Object.is(number, -0) ? '-' : '';
  return sign + wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, group) + (fractionDigits ? decimal + fractionDigits : '');
}

/**
 * SPEC §9: a baht amount with 2 decimals in the reader's language; kip as Lao banks show it, whole,
 * with decimals only when an amount has them (kept in minor units inside like baht). A dash when
 * not a number.
 */
export function formatMoney(value: unknown, language = 'th', currency: CurrencyCode = 'THB'): string {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return '-';
  return grouped(number, language, currency === 'LAK' ? 0 : 2, 2);
}

/** A figure in running text (a coin rate, a limit): grouped as money is, without trailing zero decimals. */
export function formatFigure(value: number, language = 'th'): string {
  return grouped(value, language, 0, 2);
}
