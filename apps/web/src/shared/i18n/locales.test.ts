import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@wallet/contract';
import en from './locales/en.json';
import lo from './locales/lo.json';
import th from './locales/th.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('locales', () => {
  it('have exactly the same keys in th, lo and en', () => {
    const thai = keys(th).sort();
    expect(keys(lo).sort()).toEqual(thai);
    expect(keys(en).sort()).toEqual(thai);
  });

  it('translate every error code of the contract in every language', () => {
    for (const [language, tree] of Object.entries({ th, lo, en })) {
      const missing = ERROR_CODES.filter((code) => !(code in tree.errors));
      expect(missing, language).toEqual([]);
    }
  });

  it('have no empty strings', () => {
    for (const tree of [th, lo, en]) {
      const flat = keys(tree).map((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree));
      expect(flat.filter((value) => typeof value !== 'string' || value.trim() === '')).toEqual([]);
    }
  });
});
