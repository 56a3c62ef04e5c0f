import { describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../settings/settings.service.js';
import { PROTECTION_DEFAULTS } from '../protection/site-defaults.js';
import { loosensProtection, settingsReasons } from './approvals.rules.js';

const profile = PROTECTION_DEFAULTS.th;
const site = (values: Record<string, unknown> = {}) => siteSettingsSchema.parse(values);
const reasons = (from: Record<string, unknown>, to: Record<string, unknown>) => {
  const [current, next] = [site(from), site({ ...from, ...to })];
  return settingsReasons(current, next, Object.keys(to), profile);
};

describe('looser player protection', () => {
  it('is fewer cooling hours, strict off, no limit prompt, or rarer reality checks; the opposite is tighter', () => {
    const base = { coolingHours: 24, strict: true, limitPrompt: true, realityCheckMinutes: 60 };
    expect(loosensProtection(base, { ...base, coolingHours: 23 })).toBe(true);
    expect(loosensProtection(base, { ...base, strict: false })).toBe(true);
    expect(loosensProtection(base, { ...base, limitPrompt: false })).toBe(true);
    expect(loosensProtection(base, { ...base, realityCheckMinutes: 61 })).toBe(true);
    expect(loosensProtection(base, { ...base, coolingHours: 48, realityCheckMinutes: 10 })).toBe(false);
    expect(loosensProtection(base, base)).toBe(false);
    // Tighter in one way does not buy looser in another.
    expect(loosensProtection(base, { ...base, coolingHours: 72, strict: false })).toBe(true);
  });

  it('is judged as in force: an unset setting is the site profile’s default', () => {
    expect(reasons({}, { protectionCoolingHours: 24 })).toEqual([]);
    expect(reasons({}, { protectionCoolingHours: 12 })).toEqual(['protection_looser']);
    expect(reasons({}, { protectionStrict: false })).toEqual([]);
    expect(reasons({ protectionStrict: true }, { protectionStrict: null })).toEqual(['protection_looser']);
    expect(reasons({ protectionRealityCheckMinutes: 30 }, { protectionRealityCheckMinutes: null })).toEqual(['protection_looser']);
    expect(reasons({ protectionRealityCheckMinutes: 90 }, { protectionRealityCheckMinutes: null })).toEqual([]);
    expect(reasons({}, { protectionLimitPrompt: false })).toEqual(['protection_looser']);
    expect(reasons({ protectionLimitPrompt: false }, { protectionLimitPrompt: null })).toEqual([]);
  });
});
