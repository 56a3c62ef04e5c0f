import { describe, expect, it } from 'vitest';
import { DEFAULT_CHANNELS, channelsFor, quietUntil, retryWaitSeconds, suppression } from './notices.rules.js';

const bangkok = 'Asia/Bangkok';
/** A time in Bangkok (UTC+7) on 1 December 2026. */
const at = (hours: number, minutes = 0) => new Date(Date.UTC(2026, 11, 1, hours - 7, minutes, 30));

describe('notice rules', () => {
  it('sends SMS for service messages only, in the one channel order', () => {
    expect(channelsFor('money', { ...DEFAULT_CHANNELS, money: ['sms', 'push', 'line'] })).toEqual(['line', 'push', 'sms']);
    expect(channelsFor('offers', { ...DEFAULT_CHANNELS, offers: ['sms', 'push'] })).toEqual(['push']);
    expect(channelsFor('support', DEFAULT_CHANNELS)).toEqual(['line', 'push']);
  });

  it('suppresses offers under a restriction or without consent, never a service message', () => {
    expect(suppression('money', { restricted: true, consented: false })).toBeNull();
    expect(suppression('account', { restricted: true, consented: false })).toBeNull();
    expect(suppression('offers', { restricted: true, consented: true })).toBe('restricted');
    expect(suppression('offers', { restricted: false, consented: false })).toBe('no_consent');
    expect(suppression('offers', { restricted: false, consented: true })).toBeNull();
  });

  it('waits 1 s then 2 s on a failing channel, then moves on; a long Retry-After moves on at once', () => {
    expect(retryWaitSeconds(1, null)).toBe(1);
    expect(retryWaitSeconds(2, null)).toBe(2);
    expect(retryWaitSeconds(3, null)).toBeNull();
    expect(retryWaitSeconds(1, 5)).toBe(5);
    expect(retryWaitSeconds(1, 30)).toBeNull();
  });

  it('finds quiet hours across midnight, and none when from equals to', () => {
    const night = { from: 22 * 60, to: 8 * 60 };
    expect(quietUntil(at(23, 15), night, bangkok)?.toISOString()).toBe(new Date(Date.UTC(2026, 11, 2, 1, 0)).toISOString());
    expect(quietUntil(at(3), night, bangkok)?.toISOString()).toBe(new Date(Date.UTC(2026, 11, 1, 1, 0)).toISOString());
    expect(quietUntil(at(8), night, bangkok)).toBeNull();
    expect(quietUntil(at(21, 59), night, bangkok)).toBeNull();
    expect(quietUntil(at(13), { from: 12 * 60, to: 14 * 60 }, bangkok)?.toISOString()).toBe(new Date(Date.UTC(2026, 11, 1, 7, 0)).toISOString());
    expect(quietUntil(at(3), { from: 600, to: 600 }, bangkok)).toBeNull();
  });
});
