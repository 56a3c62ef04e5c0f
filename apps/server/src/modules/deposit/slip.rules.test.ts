import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSlipTooOld, isSlipUploadOpen, isWithinDailyWindow } from './slip.rules.js';

/** A moment at a Bangkok wall-clock time (UTC+7) on some day. */
const bangkok = (hours: number, minutes: number, day = 1) => new Date(Date.UTC(2026, 10, day, hours - 7, minutes));
const clock = (minuteOfDay: number) => `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;

describe('slip upload window', () => {
  it('is open inside the daily window, ends included, in Bangkok time', () => {
    const window = { slipOpenFrom: '08:00', slipOpenUntil: '20:30' };
    expect(isSlipUploadOpen(window, bangkok(8, 0))).toBe(true);
    expect(isSlipUploadOpen(window, bangkok(20, 30))).toBe(true);
    expect(isSlipUploadOpen(window, bangkok(7, 59))).toBe(false);
    expect(isSlipUploadOpen(window, bangkok(20, 31))).toBe(false);
    expect(isSlipUploadOpen(window, bangkok(2, 0))).toBe(false);
  });

  it('wraps past midnight', () => {
    expect(isWithinDailyWindow(bangkok(23, 0), '22:00', '02:00')).toBe(true);
    expect(isWithinDailyWindow(bangkok(1, 59), '22:00', '02:00')).toBe(true);
    expect(isWithinDailyWindow(bangkok(12, 0), '22:00', '02:00')).toBe(false);
  });

  it('opens a minute exactly when it lies between the ends, whichever way the window runs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 1439 }), (from, until, minute) => {
        const open = isWithinDailyWindow(bangkok(Math.floor(minute / 60), minute % 60), clock(from), clock(until));
        const expected = from <= until ? from <= minute && minute <= until : minute >= from || minute <= until;
        expect(open).toBe(expected);
      }),
    );
  });
});

describe('slip age', () => {
  it('counts from the bank transfer to the upload, the limit itself still accepted', () => {
    const transferred = new Date('2026-11-24T03:00:00Z');
    expect(isSlipTooOld(transferred, new Date('2026-11-24T04:00:00Z'), 60)).toBe(false);
    expect(isSlipTooOld(transferred, new Date('2026-11-24T04:00:00.001Z'), 60)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 1440 }), fc.integer({ min: 0, max: 3 * 86_400_000 }), (maxAgeMinutes, ageMs) => {
        expect(isSlipTooOld(transferred, new Date(transferred.getTime() + ageMs), maxAgeMinutes)).toBe(ageMs > maxAgeMinutes * 60_000);
      }),
    );
  });
});
