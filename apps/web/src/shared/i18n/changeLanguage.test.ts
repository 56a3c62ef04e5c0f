import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@wallet/contract';
import i18n, { changeLanguage } from '.';

afterEach(async () => {
  await changeLanguage('th');
});

describe('changeLanguage', () => {
  it('keeps the choice before the language has loaded, so a reload at once keeps it (SPEC §3)', async () => {
    const switching = changeLanguage('en');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
    expect(document.cookie).toContain('lang=EN');
    await switching;
    expect(i18n.language).toBe('en');
  });
});
