import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.js';

const session = (memberId: bigint, expiresAt = 1_000_000) => ({ memberId, status: 'active', currency: 'THB' as const, expiresAt });

describe('session cache', () => {
  it('trusts a checked session for at most its bound, and never past the session’s expiry', () => {
    let now = 0;
    const cache = createSessionCache({ ttlMs: 2_000, maxEntries: 10, now: () => now });
    cache.remember('a', session(1n));
    cache.remember('b', session(2n, 1_500));
    now = 1_499;
    expect(cache.get('a')?.memberId).toBe(1n);
    expect(cache.get('b')?.memberId).toBe(2n);
    now = 1_500;
    expect(cache.get('b')).toBeUndefined();
    now = 2_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets every session of a changed member at once, and only theirs', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10, now: () => 0 });
    cache.remember('phone', session(1n));
    cache.remember('laptop', session(1n));
    cache.remember('other', session(2n));
    cache.forgetMember(1n);
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')?.memberId).toBe(2n);
    cache.forgetSession('other');
    expect(cache.get('other')).toBeUndefined();
  });

  it('stays within its size', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 2, now: () => 0 });
    cache.remember('a', session(1n));
    cache.remember('b', session(2n));
    cache.remember('c', session(3n));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].filter(Boolean)).toHaveLength(1);
  });
});
