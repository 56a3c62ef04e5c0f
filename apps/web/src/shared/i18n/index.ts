import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type CurrencyCode, LANGUAGE_COOKIE, LANGUAGES, type Language, STORAGE_KEYS } from '@wallet/contract';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE } from '../../env';
import { keepWords } from './keepWords';

/**
 * Each language's texts are a chunk of their own, fetched when that language is first shown
 * (issue 16 §3): a phone downloads the chosen language's strings only, not all three.
 */
const LOCALES: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  th: () => import('./locales/th.json'),
  lo: () => import('./locales/lo.json'),
  en: () => import('./locales/en.json'),
};

const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LOCALES[language as Language] as (typeof LOCALES)[Language] | undefined;
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.locale);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

/** Remembers the choice (SPEC §3: localStorage `locale` and an upper-case language cookie). */
function remember(language: string): void {
  localStorage.setItem(STORAGE_KEYS.locale, language);
  document.cookie = `${LANGUAGE_COOKIE}=${language.toUpperCase()}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = language;
}

const firstLanguage = storedLanguage();

/** Resolves once the first language's texts are in: the app renders after it (main.tsx). */
export const i18nReady: Promise<unknown> = i18n
  .use(localeChunks)
  .use(initReactI18next)
  // Every translated text, values included, keeps loanwords whole on a line (keepWords.ts).
  .use({ type: 'postProcessor', name: 'keepWords', process: (value: string) => keepWords(value) })
  .init({
    lng: firstLanguage,
    fallbackLng: false,
    // `currency` names the unit in texts with an amount ($t(money.{{currency}})): the member's wallet's.
    interpolation: { escapeValue: false, defaultVariables: { currency: DEFAULT_CURRENCY } },
    returnNull: false,
    postProcess: ['keepWords'],
    // No advert in the member's browser console.
    showSupportNotice: false,
  });
i18n.on('languageChanged', remember);
// i18n.language is set once the texts are in; the choice is remembered now.
if (typeof document !== 'undefined') remember(firstLanguage);

/** Texts with an amount name the member's wallet currency from now on. */
export function setCurrencyInTexts(currency: CurrencyCode): void {
  const interpolation = i18n.options.interpolation;
  if (interpolation && interpolation.defaultVariables?.currency !== currency) interpolation.defaultVariables = { ...interpolation.defaultVariables, currency };
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export default i18n;
