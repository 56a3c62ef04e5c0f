import fc from 'fast-check';
import { minor, providerCredits } from './money.js';
import { describe, expect, it } from 'vitest';
import { bahtToCredits, creditsPerBaht, creditsToBaht, gameBalanceMinor } from './credits.js';

describe('provider credits', () => {
  it('reads a provider ratio 1/k as k credits per satang, and refuses any other ratio', () => {
    expect(creditsPerBaht('1')).toBe(1n);
    expect(creditsPerBaht('0.5')).toBe(2n);
    expect(creditsPerBaht('0.1000')).toBe(10n);
    for (const bad of ['0.3', '0', '-1', 'abc', '2']) expect(() => creditsPerBaht(bad), bad).toThrow();
  });

  it('converts baht to credits exactly and back without loss', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000_000n }), fc.integer({ min: 1, max: 1000 }), (satang, k) => {
        expect(creditsToBaht(bahtToCredits(minor(satang), BigInt(k)), BigInt(k))).toBe(satang);
      }),
    );
  });

  it('floors credits to the satang: a fraction of a satang stays at the provider', () => {
    expect(creditsToBaht(providerCredits(7n), 2n)).toBe(3n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000_000n }), fc.integer({ min: 1, max: 1000 }), (credits, k) => {
        const satang = creditsToBaht(providerCredits(credits), BigInt(k));
        expect(satang * BigInt(k) <= credits && credits < (satang + 1n) * BigInt(k)).toBe(true);
      }),
    );
  });
});

describe('a game balance as the member app shows it', () => {
  it('is the server’s conversion of the credits the provider sent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000_000n }), fc.integer({ min: 1, max: 1000 }), (hundredths, k) => {
        const credits = Number(hundredths) / 100;
        expect(gameBalanceMinor(credits, 1 / k)).toBe(creditsToBaht(providerCredits(hundredths), BigInt(k)));
      }),
    );
  });
});
