import { type Minor, type ProviderCredits, minor, providerCredits } from '@wallet/contract';

/**
 * ftWalletSlot ratios are 1/k for a whole k (docs/adr/0030-ftwalletslot-ratios-are-1-k.md): baht → credits is exact (× k),
 * credits → baht floors to the satang (a fraction of a satang stays at the provider).
 */
export function creditsPerBaht(ratio: string): bigint {
  const value = Number(ratio);
  const k = Math.round(1 / value);
  if (!(value > 0) || Math.abs(k * value - 1) > 1e-9) throw new Error(`ratio ${ratio} is not 1/k`);
  return BigInt(k);
}

export const bahtToCredits = (satang: Minor, k: bigint): ProviderCredits => providerCredits(satang * k);
export const creditsToBaht = (credits: ProviderCredits, k: bigint): Minor => minor(credits / k);
