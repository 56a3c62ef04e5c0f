import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from './format';

describe('formatting', () => {
  it('shows money with at least 2 decimals and a dash for non-numbers', () => {
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50');
    expect(formatMoney('10', 'en')).toBe('10.00');
    expect(formatMoney(Number.NaN)).toBe('-');
    expect(formatMoney('abc')).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
  });
  it('shows dates as DD/MM/YYYY HH:mm:ss in Bangkok time', () => {
    expect(formatDateTime('2026-01-31T17:05:09Z')).toBe('01/02/2026 00:05:09');
  });
});
