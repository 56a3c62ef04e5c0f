import { type Slot, gameBalanceMinor, sum, toMajor } from '@wallet/contract';

/** A game account's balance in baht (SPEC §1: credits × ftWalletSlot), computed in satang. */
export const slotBalance = (slot: Slot): number => toMajor(gameBalanceMinor(slot.amount, slot.ftWalletSlot));

/** Total balance (SPEC §1): wallet plus every active game account at its ratio, added exactly. */
export function totalBalance(wallet: number, slots: Slot[]): number {
  return sum([wallet, ...slots.filter((slot) => slot.isActive).map(slotBalance)]);
}
