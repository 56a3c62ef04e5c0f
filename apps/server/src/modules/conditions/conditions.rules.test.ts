import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearedOnEnd, failFloor, mayEnd, meetsSuccessTarget, rewardStillHeld, successTarget } from './conditions.rules.js';

const condition = (base: bigint, success: number, fail: number) => ({ base_amount: base, success_percent: success, fail_percent: fail });

describe('withdrawal conditions', () => {
  it('asks base × success % to withdraw, and lets the member end it under base × fail %', () => {
    const bonus = condition(15_000n, 300, 10); // 100 deposit + 50 bonus
    expect(successTarget(bonus)).toBe(45_000n);
    expect(failFloor(bonus)).toBe(1_500n);
    expect(meetsSuccessTarget(44_999n, bonus)).toBe(false);
    expect(meetsSuccessTarget(45_000n, bonus)).toBe(true);
    expect(mayEnd(1_499n, bonus)).toBe(true);
    expect(mayEnd(1_500n, bonus)).toBe(false);
  });

  it('floors each share to the satang', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000_000n }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 100 }), (base, success, fail) => {
        const rule = condition(base, success, fail);
        expect(successTarget(rule)).toBe((base * BigInt(success)) / 100n);
        expect(failFloor(rule)).toBe((base * BigInt(fail)) / 100n);
      }),
    );
  });

  it('never counts the member’s own deposits toward the target, never lets them open the floor, and never clears them', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.constantFrom('remaining' as const, 'reward' as const, 'none' as const),
        (base, own, lost, mode) => {
          const rule = { ...condition(base, 300, 10), clear_mode: mode, reward_amount: base / 3n };
          // Nothing played: the member holds the base and their own deposits.
          expect(meetsSuccessTarget(base + own, rule, own)).toBe(false);
          expect(mayEnd(base + own, rule, own)).toBe(false);
          // Whatever was lost, ending takes nothing of their own deposits.
          const total = base + own - (lost > base + own ? base + own : lost);
          expect(total - clearedOnEnd(total, rule, own) >= (own < total ? own : total)).toBe(true);
        },
      ),
    );
  });

  it('takes back on ending what the terms name: everything left, the reward at most, or nothing', () => {
    // 100 baht deposited, a 50 baht reward, 20 baht of the member's own deposited since; 60 left in all.
    const terms = { ...condition(15_000n, 300, 10), reward_amount: 5_000n };
    const own = 2_000n;
    expect(clearedOnEnd(6_000n, { ...terms, clear_mode: 'remaining' }, own)).toBe(4_000n);
    expect(clearedOnEnd(6_000n, { ...terms, clear_mode: 'reward' }, own)).toBe(4_000n);
    expect(clearedOnEnd(9_000n, { ...terms, clear_mode: 'reward' }, own)).toBe(5_000n);
    expect(clearedOnEnd(9_000n, { ...terms, clear_mode: 'none' }, own)).toBe(0n);
    // Less than the member's own deposits left: nothing is taken whatever the terms.
    for (const mode of ['remaining', 'reward', 'none'] as const) expect(clearedOnEnd(1_500n, { ...terms, clear_mode: mode }, own)).toBe(0n);
    expect(rewardStillHeld(9_000n, terms, own)).toBe(5_000n);
  });
});
