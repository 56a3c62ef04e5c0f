import { type CurrencyCode, MINOR_PER_MAJOR, type Slot, gameBalanceMinor, isPayableIn, sum, toMajor, toMinor } from '@wallet/contract';

/** A game account's balance in baht (SPEC §1: credits × ftWalletSlot), computed in satang. */
export const slotBalance = (slot: Slot): number => toMajor(gameBalanceMinor(slot.amount, slot.ftWalletSlot));

/** Total balance (SPEC §1): wallet plus every active game account at its ratio, added exactly. */
export function totalBalance(wallet: number, slots: Slot[]): number {
  return sum([wallet, ...slots.filter((slot) => slot.isActive).map(slotBalance)]);
}

/**
 * What moving the whole wallet into a game takes: all of it, except a kip wallet's fraction of a
 * kip, which stays (kip moves in whole kip only, as the server's transferAll leaves it).
 */
export function wholeWalletMove(walletAmount: number, currency: CurrencyCode): { moves: number; stays: number } {
  const held = toMinor(walletAmount) ?? 0n;
  const moves = isPayableIn(currency, held) ? held : held - (held % MINOR_PER_MAJOR);
  return { moves: toMajor(moves), stays: toMajor(held - moves) };
}
