import { describe, expect, it } from 'vitest';
import { memberDay, memberDayStart } from './statement-filters.js';

/** The day in Bangkok and Vientiane, as the browser's own time-zone data tells it. */
const dayIn = (timeZone: string, instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

describe("a member's day", () => {
  it('turns at midnight UTC+7', () => {
    expect(memberDay(0, new Date('2026-12-01T16:59:59.999Z'))).toBe('2026-12-01');
    expect(memberDay(0, new Date('2026-12-01T17:00:00.000Z'))).toBe('2026-12-02');
    expect(memberDayStart(memberDay(0, new Date('2026-12-01T17:00:00.000Z'))).toISOString()).toBe('2026-12-01T17:00:00.000Z');
  });

  it('counts days back across months, years and a leap day', () => {
    expect(memberDay(6, new Date('2027-01-03T02:00:00Z'))).toBe('2026-12-28');
    expect(memberDay(30, new Date('2028-03-01T12:00:00Z'))).toBe('2028-01-31');
    expect(memberDay(1, new Date('2028-03-01T00:00:00Z'))).toBe('2028-02-29');
  });

  it("is the site's zones' own day at every hour of two years", () => {
    for (let hour = 0; hour < 2 * 366 * 24; hour += 7) {
      const instant = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000 + 59 * 60_000);
      for (const zone of ['Asia/Bangkok', 'Asia/Vientiane']) expect(memberDay(0, instant)).toBe(dayIn(zone, instant));
    }
  });
});
