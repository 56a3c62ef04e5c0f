/**
 * Coins new play earns (DESIGN §6: default 1 coin per 100 baht that games kept): whole coins of the
 * member's counted net loss so far, less those already granted, so the remainder below the rate
 * carries over.
 */
export function coinsEarned(countedBefore: bigint, newlyCounted: bigint, minorPerCoin: bigint): bigint {
  if (minorPerCoin <= 0n) return 0n;
  return (countedBefore + newlyCounted) / minorPerCoin - countedBefore / minorPerCoin;
}
