import { describe, expect, it } from 'vitest';
import { pageWindow, relativeTime } from './relativeTime';

describe('relative time and pages', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('uses the largest whole unit, months being 30 days', () => {
    expect(relativeTime('2026-11-22T11:59:30Z', now)).toEqual({ unit: 'seconds', count: 30 });
    expect(relativeTime('2026-11-22T09:00:00Z', now)).toEqual({ unit: 'hours', count: 3 });
    expect(relativeTime('2026-10-22T12:00:00Z', now)).toEqual({ unit: 'months', count: 1 });
    expect(relativeTime('2024-11-01T12:00:00Z', now)).toEqual({ unit: 'years', count: 2 });
  });
  it('shows 3 pages before the current one and 1 after', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2]);
    expect(pageWindow(6, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(10, 10)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
