import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameBalanceMinor, moneyAmount, sumMajor, toMajor, toMinor } from './money.js';

describe('money', () => {
  it('converts baht with up to 2 decimals exactly', () => {
    expect(toMinor(100)).toBe(10000n);
    expect(toMinor(0.1)).toBe(10n);
    expect(toMinor(1234.56)).toBe(123456n);
    expect(toMajor(123456n)).toBe(1234.56);
    expect(toMajor(-5n)).toBe(-0.05);
  });

  it('refuses more than 2 decimals, negatives, NaN, infinities and absurd amounts', () => {
    for (const bad of [0.001, 1.005, -1, Number.NaN, Infinity, 1e9, 0.1 + 0.2, 1e-7]) expect(toMinor(bad)).toBeNull();
  });

  it('round-trips every amount up to the maximum', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000_000n }), (satang) => {
        expect(toMinor(toMajor(satang))).toBe(satang);
      }),
    );
  });

  it('accepts only positive exact amounts on the wire', () => {
    expect(moneyAmount.safeParse(100.5).success).toBe(true);
    expect(moneyAmount.safeParse(0).success).toBe(false);
    expect(moneyAmount.safeParse(1.234).success).toBe(false);
    expect(moneyAmount.safeParse('100').success).toBe(false);
  });
});

describe('money arithmetic never goes through float products or sums', () => {
  it('adds balances exactly: 1.1 + 2.2 is 3.3, a value the amount parser accepts', () => {
    expect(1.1 + 2.2).not.toBe(3.3);
    expect(sumMajor([1.1, 2.2])).toBe(3.3);
    expect(toMinor(sumMajor([1.1, 2.2]))).toBe(330n);
    expect(sumMajor([0.1, 0.2, -0.3])).toBe(0);
  });

  it('converts game credits at 1/k to satang and floors the fraction of a satang', () => {
    expect(gameBalanceMinor(0.3, 1)).toBe(30n);
    expect(gameBalanceMinor(40, 0.5)).toBe(2000n);
    expect(gameBalanceMinor(0.01, 0.5)).toBe(0n);
    expect(gameBalanceMinor(12.35, 0.1)).toBe(123n);
  });
});
