import { describe, expect, it } from 'vitest';
import i18n from '.';
import en from './locales/en.json';
import lo from './locales/lo.json';
import th from './locales/th.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A key as the code asks for it: `statement.ago.minutes_one` is `statement.ago.minutes`. */
const baseKeys = (tree: object) => [...new Set(keys(tree).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

// The error texts are the client kit's (packages/client-kit/src/texts): its own test checks that every
// error code of the contract has one in th, lo and en.
describe('locales', () => {
  it('have exactly the same keys in th, lo and en, plural forms aside', () => {
    const thai = baseKeys(th);
    expect(baseKeys(lo)).toEqual(thai);
    expect(baseKeys(en)).toEqual(thai);
  });

  it('give every plural key exactly the forms the language has (i18next looks up `<key>_<Intl plural category>`)', () => {
    for (const [language, tree] of Object.entries({ th, lo, en })) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
      const forms = new Map<string, string[]>();
      for (const key of keys(tree)) {
        const suffix = PLURAL_SUFFIX.exec(key)?.[1];
        if (suffix) forms.set(key.replace(PLURAL_SUFFIX, ''), [...(forms.get(key.replace(PLURAL_SUFFIX, '')) ?? []), suffix]);
      }
      expect(forms.size, language).toBeGreaterThan(0);
      for (const [key, found] of forms) expect(found.sort(), `${language} ${key}`).toEqual(categories);
    }
  });

  it('use the same interpolation placeholders in every language', () => {
    const valueAt = (tree: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
    const placeholders = (text: unknown) => [...String(text ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
    const differing = keys(th)
      .filter((key) => !PLURAL_SUFFIX.test(key))
      .filter((key) => {
        const expected = placeholders(valueAt(th, key));
        return [lo, en].some((tree) => JSON.stringify(placeholders(valueAt(tree, key))) !== JSON.stringify(expected));
      });
    expect(differing).toEqual([]);
  });

  it('have no empty strings', () => {
    for (const tree of [th, lo, en]) {
      const flat = keys(tree).map((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree));
      expect(flat.filter((value) => typeof value !== 'string' || value.trim() === '')).toEqual([]);
    }
  });
});

describe('loading the texts', () => {
  it('starts with the chosen language only, and fetches another when the member switches to it', async () => {
    expect(i18n.language).toBe('th');
    expect(i18n.hasResourceBundle('th', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('lo', 'translation') || i18n.hasResourceBundle('en', 'translation')).toBe(false);
    await i18n.changeLanguage('en');
    expect(i18n.t('login.title')).toBe(en.login.title);
    expect(i18n.hasResourceBundle('lo', 'translation')).toBe(false);
    await i18n.changeLanguage('th');
  });
});
