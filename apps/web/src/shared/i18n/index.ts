import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type CurrencyCode, LANGUAGE_COOKIE, LANGUAGES, type Language, STORAGE_KEYS } from '@wallet/contract';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE } from '../../env';
import { keepWords } from './keepWords';
import en from './locales/en.json';
import lo from './locales/lo.json';
import th from './locales/th.json';

export const resources = { th: { translation: th }, lo: { translation: lo }, en: { translation: en } } as const;

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

void i18n
  .use(initReactI18next)
  // Every translated text, values included, keeps loanwords whole on a line (keepWords.ts).
  .use({ type: 'postProcessor', name: 'keepWords', process: (value: string) => keepWords(value) })
  .init({
    resources,
    lng: storedLanguage(),
    fallbackLng: false,
    // `currency` names the unit in texts with an amount ($t(money.{{currency}})): the member's wallet's.
    interpolation: { escapeValue: false, defaultVariables: { currency: DEFAULT_CURRENCY } },
    returnNull: false,
    postProcess: ['keepWords'],
  });
i18n.on('languageChanged', remember);
if (typeof document !== 'undefined') remember(i18n.language);

/** Texts with an amount name the member's wallet currency from now on. */
export function setCurrencyInTexts(currency: CurrencyCode): void {
  const interpolation = i18n.options.interpolation;
  if (interpolation && interpolation.defaultVariables?.currency !== currency) interpolation.defaultVariables = { ...interpolation.defaultVariables, currency };
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export default i18n;
