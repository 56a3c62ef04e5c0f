import { ERROR_CODES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { KIT_TEXTS, mergeTexts } from './texts';

const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
const valueAt = (tree: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const placeholders = (text: unknown) => [...String(text ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('the kit texts', () => {
  it('translate every error code of the contract in th, lo and en', () => {
    for (const [language, texts] of Object.entries(KIT_TEXTS)) {
      const errors: Record<string, string> = texts.errors;
      expect(ERROR_CODES.filter((code) => !errors[code]?.trim()), language).toEqual([]);
    }
  });

  it('have the same keys and placeholders in every language, and only texts the kit can resolve', () => {
    const thai = keysOf(KIT_TEXTS.th).sort();
    for (const texts of [KIT_TEXTS.lo, KIT_TEXTS.en]) {
      expect(keysOf(texts).sort()).toEqual(thai);
      for (const key of thai) expect(placeholders(valueAt(texts, key)), key).toEqual(placeholders(valueAt(KIT_TEXTS.th, key)));
    }
    // A nested text ($t(money.{{currency}})) names a section the kit holds itself.
    for (const texts of Object.values(KIT_TEXTS)) {
      for (const key of keysOf(texts)) {
        for (const [, section] of String(valueAt(texts, key)).matchAll(/\$t\((\w+)\./g)) expect(texts, key).toHaveProperty(section!);
      }
    }
  });

  it('give way to the app’s own texts, section by section', () => {
    expect(mergeTexts({ errors: { A: 'kit', B: 'kit' }, common: { ok: 'OK' } }, { errors: { B: 'app' }, nav: { home: 'Home' } })).toEqual({
      errors: { A: 'kit', B: 'app' },
      common: { ok: 'OK' },
      nav: { home: 'Home' },
    });
  });
});
