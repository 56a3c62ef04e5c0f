/**
 * References of deposits and withdrawals (migration 060): a kind letter and seven characters of
 * Crockford's base 32, e.g. `D7K2M9QX`, shown as `D7K2-M9QX` so a member can read it out.
 * Deposits (D), withdrawals (W) and corrections (C) take a number scrambled by a bijection of 35
 * bits; the database makes them (`money_reference`), this file reads them back.
 */
export const REFERENCE_KINDS = ['D', 'W', 'C'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BITS = 35n;
const MODULUS = 1n << BITS;
const MULTIPLIER = 21235486155n;
/** Corrections add another constant: an equal transfer id and sequence number give unrelated references. */
const INCREMENT: Record<ReferenceKind, bigint> = { D: 1013904223n, W: 1013904223n, C: 17179881529n };

/** The inverse of MULTIPLIER modulo 2^35 (Newton's iteration: each step doubles the correct bits). */
const INVERSE = (() => {
  let inverse = MULTIPLIER;
  for (let step = 0; step < 6; step += 1) inverse = (inverse * (2n - MULTIPLIER * inverse)) % MODULUS;
  return ((inverse % MODULUS) + MODULUS) % MODULUS;
})();

/** What a person typed or read out, as stored: no spaces or dashes, upper case, O read as 0 and I/L as 1. */
export function normalizeReference(input: string): string {
  return input.trim().toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** A stored reference, in the kind letter and seven characters; null when it is not one. */
export function parseReference(input: string): { kind: ReferenceKind; reference: string } | null {
  const reference = normalizeReference(input);
  if (!/^[DWC][0-9A-HJKMNP-TV-Z]{7}$/.test(reference)) return null;
  return { kind: reference[0] as ReferenceKind, reference };
}

/** `D7K2M9QX` → `D7K2-M9QX`: two groups of four to read out. */
export function formatReference(reference: string): string {
  return reference.length === 8 ? `${reference.slice(0, 4)}-${reference.slice(4)}` : reference;
}

/** The reference of number `n` (the SQL function's twin, for tests and corrections). */
export function referenceOf(kind: ReferenceKind, n: bigint): string {
  let value = (n * MULTIPLIER + INCREMENT[kind]) % MODULUS;
  let digits = '';
  for (let index = 0; index < 7; index += 1) {
    digits = ALPHABET[Number(value & 31n)] + digits;
    value >>= 5n;
  }
  return kind + digits;
}

/** The number a reference was made from (a correction's ledger transfer id). */
export function numberOfReference(reference: string): bigint {
  let value = 0n;
  for (const character of reference.slice(1)) value = (value << 5n) | BigInt(ALPHABET.indexOf(character));
  const increment = INCREMENT[reference[0] as ReferenceKind] ?? INCREMENT.D;
  return ((((value - increment) % MODULUS) + MODULUS) % MODULUS) * INVERSE % MODULUS;
}
