import { CURRENCIES, type CurrencyCode, MAX_MAJOR_AMOUNT, MINOR_PER_MAJOR, type Minor, isPayableIn, minor, parseDecimal, toMajor } from '@wallet/contract';

/**
 * What an amount field keeps of what is typed: digits and points. Nothing else is money (a
 * space, a comma pasted from a statement, a currency sign). A point is never dropped, not even in
 * kip: "100.5" would become 1005 kip without it; it stays and the amount is refused instead.
 */
export const cleanAmountText = (text: string): string => text.replace(/[^\d.]/g, '');

/** A currency paid only in whole units (kip) asks phones for the digits keypad; the rest for one with a point. */
export const amountKeyboard = (currency: CurrencyCode): 'numeric' | 'decimal' =>
  CURRENCIES[currency].smallestPayable % MINOR_PER_MAJOR === 0n ? 'numeric' : 'decimal';

/** Typed text at the currency's scale in minor units, or null; "12." and ".5" read as 12 and 0.5 as a keyboard leaves them. */
function parseTyped(text: string, currency: CurrencyCode): bigint | null {
  const trimmed = text.trim().replace(/\.$/, '');
  return trimmed === '' ? null : parseDecimal(trimmed.startsWith('.') ? `0${trimmed}` : trimmed, CURRENCIES[currency].scale);
}

export interface AmountReading {
  /**
   * The typed amount in minor units; null when nothing is typed or the text is not an amount (two
   * points, more places than the currency has, above the largest single amount a member may move).
   */
  amount: Minor | null;
  /** Whether the amount moves in the currency's steps (whole kip; baht to the satang); false when there is none. */
  payable: boolean;
}

/** An amount field's text as an amount of `currency` that is to move (a transfer, a withdrawal, a deposit). */
export function readAmount(text: string, currency: CurrencyCode): AmountReading {
  const parsed = parseTyped(text, currency);
  if (parsed === null || parsed > BigInt(MAX_MAJOR_AMOUNT) * MINOR_PER_MAJOR) return { amount: null, payable: false };
  return { amount: minor(parsed), payable: isPayableIn(currency, parsed) };
}

/**
 * An amount field's text as a form sends it: major units, the wire's JSON number (DESIGN §4), exact
 * through minor units. NaN when nothing is typed or the text is not an amount, for the contract's
 * schema to refuse, as a number field's value would be; the schema also holds the bounds.
 */
export function wireAmount(text: string, currency: CurrencyCode): number {
  const parsed = parseTyped(text, currency);
  return parsed === null ? Number.NaN : toMajor(parsed);
}
