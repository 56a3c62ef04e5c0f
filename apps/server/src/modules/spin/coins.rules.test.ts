import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinsEarned } from './coins.rules.js';

describe('coins earned by deposits', () => {
  it('gives whole coins and carries the remainder to the next deposit', () => {
    expect(coinsEarned(0n, 25_000n, 10_000n)).toBe(2n); // 250 baht: 2 coins, 50 carried
    expect(coinsEarned(25_000n, 5_000n, 10_000n)).toBe(1n); // + 50 baht: the carried 50 makes a third
    expect(coinsEarned(30_000n, 9_999n, 10_000n)).toBe(0n);
  });

  it('grants in parts exactly what one deposit of the sum would', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: 10_000_000n }), { maxLength: 20 }), fc.bigInt({ min: 1n, max: 1_000_000n }), (deposits, rate) => {
        let counted = 0n;
        let coins = 0n;
        for (const deposit of deposits) {
          coins += coinsEarned(counted, deposit, rate);
          counted += deposit;
        }
        expect(coins).toBe(counted / rate);
      }),
    );
  });
});
