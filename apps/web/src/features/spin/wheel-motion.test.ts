import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRICTION, frictionEasing, indexAtPointer, labelReadsUpsideDown, planSpin, targetRotation } from './wheel-motion';

describe('the wheel motion', () => {
  it('always rests on the slice the server chose, after the extra turns', () => {
    fc.assert(
      fc.property(fc.double({ min: -10_000, max: 10_000, noNaN: true }), fc.integer({ min: 2, max: 16 }), fc.nat(), fc.integer({ min: 0, max: 3 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (current, count, pick, revolutions, jitter) => {
        const index = pick % count;
        const target = targetRotation(current, index, count, revolutions, () => jitter);
        expect(indexAtPointer(target, count)).toBe(index);
        expect(target - current).toBeGreaterThanOrEqual(revolutions * 360);
        expect(target - current).toBeLessThan((revolutions + 1) * 360);
      }),
    );
  });

  it('spins 4–5 s with 2–3 extra turns, and briefly without turns when motion is reduced', () => {
    expect(planSpin(false, () => 0)).toEqual({ durationMs: 4_000, revolutions: 2 });
    expect(planSpin(false, () => 0.999)).toEqual({ durationMs: 4_999, revolutions: 3 });
    expect(planSpin(true)).toEqual({ durationMs: 600, revolutions: 0 });
  });

  it('slows by friction 0.991 a frame and stops exactly at the end, never going back', () => {
    const ease = frictionEasing(4_500);
    expect(ease(0)).toBe(0);
    expect(ease(1)).toBe(1);
    let previous = 0;
    let previousStep = Number.POSITIVE_INFINITY;
    const frames = 270;
    for (let frame = 1; frame <= frames; frame += 1) {
      const value = ease(frame / frames);
      const step = value - previous;
      expect(step).toBeGreaterThanOrEqual(0);
      expect(step).toBeLessThanOrEqual(previousStep + 1e-12);
      previous = value;
      previousStep = step;
    }
    // Early on, each frame's speed is close to 0.991 of the one before.
    const speed = (frame: number) => ease((frame + 1) / frames) - ease(frame / frames);
    expect(speed(11) / speed(10)).toBeCloseTo(FRICTION, 2);
  });
});

// Labels on the wheel's left half read upside down.
describe('the wheel’s labels', () => {
  it('are turned on the left half, wherever the wheel has turned to', () => {
    expect([90, 0, 180, 45, 135].map(labelReadsUpsideDown)).toEqual([false, false, false, false, false]);
    expect([270, 200, 340, -90, 630].map(labelReadsUpsideDown)).toEqual([true, true, true, true, true]);
  });
});
