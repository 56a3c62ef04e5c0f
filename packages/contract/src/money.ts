import { z } from 'zod';

/**
 * Money inside the product is an integer count of minor units (satang; LAK is kept at 2 too),
 * as bigint. On the wire it is a JSON number of baht with at most 2 decimals (DESIGN §4).
 * Nothing else multiplies by 100 or parses money from floats.
 */
export type Minor = bigint & { readonly __minor: unique symbol };

export const MINOR_PER_MAJOR = 100n;
/** The largest single amount accepted from a member: 100 million baht. */
export const MAX_MAJOR_AMOUNT = 100_000_000;

const MAJOR_TEXT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

export function minor(value: bigint): Minor {
  return value as Minor;
}

/** Baht (a JSON number) → satang, or null when it has more than 2 decimals, is negative or absurd. */
export function toMinor(major: number): Minor | null {
  if (typeof major !== 'number' || !Number.isFinite(major) || major < 0 || major > MAX_MAJOR_AMOUNT) return null;
  // String(0.1 + 0.2) is "0.30000000000000004": refused, as a client should never send it.
  const match = MAJOR_TEXT.exec(String(major));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return minor(BigInt(whole) * MINOR_PER_MAJOR + BigInt(fraction.padEnd(2, '0')));
}

/** Satang → baht for JSON. Exact for every amount below 2^53 satang. */
export function toMajor(amount: bigint): number {
  const negative = amount < 0n;
  const absolute = negative ? -amount : amount;
  const text = `${absolute / MINOR_PER_MAJOR}.${String(absolute % MINOR_PER_MAJOR).padStart(2, '0')}`;
  return Number(negative ? `-${text}` : text);
}

/** A positive money amount in baht on the wire; KEY_INVALID unless it converts exactly. */
export const moneyAmount = z
  .number({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
  .gt(0, { error: 'KEY_INVALID' })
  .max(MAX_MAJOR_AMOUNT, { error: 'KEY_INVALID' })
  .refine((value) => toMinor(value) !== null, { error: 'KEY_INVALID' })
  // What the refinement checks, for the published document (toMinor stays the one that decides).
  .meta({ multipleOf: 0.01 });

/**
 * A game balance in satang: provider credits (2 decimals on the wire) at the provider's ratio
 * `ftWalletSlot` = 1/k, floored to the satang as the server converts (a fraction stays at the
 * provider). Never a float product: 0.1 × 3 is not 0.3 in floating point.
 */
export function gameBalanceMinor(credits: number, ftWalletSlot: number): Minor {
  const creditsMinor = toMinor(Math.max(0, credits)) ?? minor(BigInt(Math.round(Math.max(0, credits) * 100)));
  const k = BigInt(Math.max(1, Math.round(1 / ftWalletSlot)));
  return minor(creditsMinor / k);
}

/** Adds amounts in baht exactly, through satang: 1.1 + 2.2 is 3.3, not 3.3000000000000003. */
export function sumMajor(amounts: number[]): number {
  return toMajor(amounts.reduce<bigint>((total, amount) => total + (toMinor(Math.abs(amount)) ?? 0n) * (amount < 0 ? -1n : 1n), 0n));
}
