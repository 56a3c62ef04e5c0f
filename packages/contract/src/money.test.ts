import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, formatFigure, formatMoney, isPayableIn, minor, minorOf, payablePart, parseDecimal, percentOf, sum, toMajor, toMinor } from './money.js';
import { moneyAmount } from './money-schemas.js';
import { gameBalanceMinor } from './credits.js';

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

  it('parses a wire amount straight into satang, and only positive exact amounts', () => {
    expect(moneyAmount.parse(100.5)).toBe(10050n);
    expect(moneyAmount.safeParse(100.5).success).toBe(true);
    expect(moneyAmount.safeParse(0).success).toBe(false);
    expect(moneyAmount.safeParse(1.234).success).toBe(false);
    expect(moneyAmount.safeParse('100').success).toBe(false);
  });
});

describe('money arithmetic never goes through float products or sums', () => {
  it('adds balances exactly: 1.1 + 2.2 is 3.3, a value the amount parser accepts', () => {
    expect(1.1 + 2.2).not.toBe(3.3);
    expect(sum([1.1, 2.2])).toBe(3.3);
    expect(toMinor(sum([1.1, 2.2]))).toBe(330n);
    expect(sum([0.1, 0.2, -0.3])).toBe(0);
  });

  it('converts game credits at 1/k to satang and floors the fraction of a satang', () => {
    expect(gameBalanceMinor(0.3, 1)).toBe(30n);
    expect(gameBalanceMinor(40, 0.5)).toBe(2000n);
    expect(gameBalanceMinor(0.01, 0.5)).toBe(0n);
    expect(gameBalanceMinor(12.35, 0.1)).toBe(123n);
  });
});

describe('one money vocabulary', () => {
  it('has one decimal parser for every outside amount: text or number, at a scale, exact or nothing', () => {
    expect(parseDecimal('12.5')).toBe(1250n);
    expect(parseDecimal(' 12.50 ')).toBe(1250n);
    expect(parseDecimal('0.05')).toBe(5n);
    expect(parseDecimal('7', 0)).toBe(7n);
    expect(parseDecimal('1.2345', 4)).toBe(12345n);
    for (const bad of ['', '-1', '1.234', '1e3', '1,000.00', 'abc', '12.', '.5', '1234567890123']) expect(parseDecimal(bad), bad).toBeNull();
  });

  it('takes a percentage of an amount floored to the satang, never rounding up what the operator pays', () => {
    expect(percentOf(minor(10_000n), 5)).toBe(500n);
    expect(percentOf(minor(999n), 10)).toBe(99n);
    expect(percentOf(minor(12_345n), 2.5)).toBe(308n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000_000n }), fc.integer({ min: 0, max: 10_000 }), (amount, percent) => {
        const share = percentOf(minor(amount), percent / 100);
        expect(share * 10_000n <= amount * BigInt(percent)).toBe(true);
        expect((share + 1n) * 10_000n > amount * BigInt(percent)).toBe(true);
      }),
    );
  });

  it('formats money in the reader’s language with two decimals, and a dash for what is not money', () => {
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50');
    expect(formatMoney(1234.5, 'th')).toBe('1,234.50');
    expect(formatMoney('12', 'en')).toBe('12.00');
    expect(formatMoney(undefined)).toBe('-');
  });

  it('shows kip whole, with decimals only where an amount has them, grouped as Lao banking apps group it', () => {
    expect(formatMoney(1_250_000, 'lo', 'LAK')).toBe('1,250,000');
    expect(formatMoney(1_250_000.5, 'lo', 'LAK')).toBe('1,250,000.5');
    expect(formatMoney(1234.5, 'lo')).toBe('1,234.50');
    expect(formatMoney(50_000, 'th', 'LAK')).toBe('50,000');
  });

  it('prints every amount as Intl prints it in th-TH and en-US, digit for digit, halves rounded away from zero', () => {
    const twoDecimals = ['th-TH', 'en-US'].map((locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    const upToTwo = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    const halves = [0.005, 1.005, 2.675, 1.015, 0.125, 999.995, 999_999.995, -0.005, -0.004, -1.005];
    const edges = [0, -0, 1, -1, 0.1 + 0.2, 1e15 + 0.5, 123_456_789_012.345, Number.MAX_SAFE_INTEGER, 1e21, 1e-7, -1e-7, 12_345_678.9];
    // A fixed sweep: every size from units to trillions, with 0 to 4 decimals, and both signs.
    const sweep = Array.from({ length: 20_000 }, (_, index) => {
      const magnitude = 10 ** (index % 13);
      const decimals = index % 5;
      const value = (((index * 7_919) % 100_003) / 100_003) * magnitude;
      const rounded = Math.round(value * 10 ** decimals) / 10 ** decimals;
      return index % 3 === 0 ? -rounded : rounded;
    });
    for (const value of [...halves, ...edges, ...sweep]) {
      for (const intl of twoDecimals) expect(formatMoney(value, 'th')).toBe(intl.format(value));
      expect(formatMoney(value, 'lo', 'LAK')).toBe(upToTwo.format(value));
      expect(formatFigure(value, 'en')).toBe(upToTwo.format(value));
    }
  });

  it('names each currency with its minor-unit scale', () => {
    expect(CURRENCIES.THB).toMatchObject({ code: 'THB', scale: 2 });
    expect(CURRENCIES.LAK).toMatchObject({ code: 'LAK', scale: 2 });
  });

  it('throws for a trusted amount that is not money, instead of answering null', () => {
    expect(minorOf(100)).toBe(10000n);
    expect(() => minorOf(0.001)).toThrow(RangeError);
  });
  it('moves kip in whole kip only, baht to the satang', () => {
    expect([isPayableIn('LAK', 100_000n), isPayableIn('LAK', 100_050n), isPayableIn('LAK', 0n)]).toEqual([true, false, true]);
    expect([isPayableIn('THB', 100_050n), isPayableIn('THB', 1n)]).toEqual([true, true]);
    expect([payablePart('LAK', 100_050n), payablePart('LAK', 99n), payablePart('THB', 100_050n)]).toEqual([100_000n, 0n, 100_050n]);
  });
});
