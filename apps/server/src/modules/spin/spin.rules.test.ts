import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawFraction, newServerSeed, seedHash, sliceForDraw, verifySpin } from './spin.rules.js';

describe('the verifiable spin draw', () => {
  it('is the same for the same seeds and nonce, and verifies; a changed seed or slice does not', () => {
    const serverSeed = newServerSeed();
    const weights = [40, 30, 20, 10];
    const slice = sliceForDraw(drawFraction(serverSeed, 'member-seed', 7), weights);
    expect(sliceForDraw(drawFraction(serverSeed, 'member-seed', 7), weights)).toBe(slice);
    const spin = { serverSeed, serverSeedHash: seedHash(serverSeed), clientSeed: 'member-seed', nonce: 7, weights, slice };
    expect(verifySpin(spin)).toBe(true);
    expect(verifySpin({ ...spin, serverSeed: newServerSeed() })).toBe(false);
    expect(verifySpin({ ...spin, slice: (slice + 1) % weights.length })).toBe(false);
  });

  it('lands only on slices with weight, whatever the draw', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 24 }), (fraction, weights) => {
        fc.pre(weights.some((weight) => weight > 0));
        const slice = sliceForDraw(fraction, weights);
        expect(weights[slice]).toBeGreaterThan(0);
      }),
    );
  });

  it('follows the weights over 20,000 draws (chi-square, fixed seeds so it cannot flake)', () => {
    const weights = [50, 30, 15, 4, 1];
    const counts = weights.map(() => 0);
    const serverSeed = 'a'.repeat(64);
    for (let nonce = 0; nonce < 20_000; nonce += 1) counts[sliceForDraw(drawFraction(serverSeed, 'chi-square', nonce), weights)]! += 1;
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const chiSquare = weights.reduce((sum, weight, index) => {
      const expected = (20_000 * weight) / total;
      return sum + (counts[index]! - expected) ** 2 / expected;
    }, 0);
    // 4 degrees of freedom: 18.467 is the 0.1 % critical value.
    expect(chiSquare).toBeLessThan(18.467);
  });
});
