import { type Minor, type ProviderCredits, minor, parseDecimal, providerCredits } from './money.js';

/**
 * Provider credits ⇄ wallet money, the one rule (docs/adr/0030-ftwalletslot-ratios-are-1-k.md): a
 * provider's ratio `ftWalletSlot` is 1/k for a whole k; baht → credits is exact (× k), credits →
 * baht floors to the satang (a fraction of a satang stays at the provider). Credits are counted in
 * hundredths, as providers send them with two decimals.
 */
export function creditsPerBaht(ratio: string | number): bigint {
  const value = Number(ratio);
  const k = Math.round(1 / value);
  if (!(value > 0) || Math.abs(k * value - 1) > 1e-9) throw new Error(`ratio ${ratio} is not 1/k`);
  return BigInt(k);
}

export const bahtToCredits = (satang: Minor, k: bigint): ProviderCredits => providerCredits(satang * k);
export const creditsToBaht = (credits: ProviderCredits, k: bigint): Minor => minor(credits / k);

/**
 * A game balance in satang, as the member app shows it: provider credits (a JSON number) at the
 * provider's ratio, floored as the server converts. Never a float product: 0.1 × 3 is not 0.3 in
 * floating point. A ratio that is not 1/k (the server refuses to move money at one) is read at the
 * nearest whole k rather than failing the screen.
 */
export function gameBalanceMinor(credits: number, ftWalletSlot: number): Minor {
  // Six places, then floored to two: a provider's third decimal is never rounded up into money.
  const hundredths = providerCredits((parseDecimal(Math.max(0, credits).toFixed(6), 6) ?? 0n) / 10_000n);
  let k: bigint;
  try {
    k = creditsPerBaht(ftWalletSlot);
  } catch {
    k = BigInt(Math.max(1, Math.round(1 / ftWalletSlot)));
  }
  return creditsToBaht(hundredths, k);
}
