/**
 * Coins a deposit earns (DESIGN §6: default 1 coin per 100 baht): whole coins of the member's
 * deposits so far, less those already granted, so the remainder below the rate carries over.
 */
export function coinsEarned(countedBefore: bigint, deposit: bigint, minorPerCoin: bigint): bigint {
  if (minorPerCoin <= 0n) return 0n;
  return (countedBefore + deposit) / minorPerCoin - countedBefore / minorPerCoin;
}
