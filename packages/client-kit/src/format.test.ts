import { SITE_PROFILES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { formatDateTime, siteProfileOfLanguage } from './format';

describe('formatting by site profile', () => {
  it('shows a time in the site’s own zone', () => {
    expect(formatDateTime('2026-01-31T17:30:00Z', SITE_PROFILES.th)).toBe('01/02/2026 00:30:00');
    expect(formatDateTime('2026-01-31T17:30:00Z', { timeZone: 'UTC' })).toBe('31/01/2026 17:30:00');
  });

  it('knows the site from the language its page is written in', () => {
    expect(siteProfileOfLanguage('lo').site).toBe('la');
    expect(siteProfileOfLanguage('th').site).toBe('th');
    expect(siteProfileOfLanguage(undefined).site).toBe('th');
  });
});
