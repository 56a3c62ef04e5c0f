import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@wallet/contract';
import en from './locales/en.json';
import lo from './locales/lo.json';
import th from './locales/th.json';

export const resources = { th: { translation: th }, lo: { translation: lo }, en: { translation: en } } as const;
const STORED = 'console.language';

const isLanguage = (value: string | null | undefined): value is Language => (LANGUAGES as readonly string[]).includes(value ?? '');

/**
 * The desk's own choice if it made one; else the site's language, which the server writes into the
 * page (`<html lang="lo">` on the Laos site: one console build serves both sites); else Thai.
 */
export function startLanguage(stored: string | null, pageLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  return isLanguage(pageLanguage) ? pageLanguage : 'th';
}

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORED);
void i18n.use(initReactI18next).init({
  resources,
  lng: startLanguage(stored, typeof document === 'undefined' ? undefined : document.documentElement.lang),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
i18n.on('languageChanged', (language) => {
  localStorage.setItem(STORED, language);
  document.documentElement.lang = language;
});

/** A failure in the operator's language: the server's code, translated. */
export function errorText(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : 'INTERNAL_SERVER_ERROR';
  return i18n.t(`errors.${code}`, { defaultValue: i18n.t('errors.INTERNAL_SERVER_ERROR') });
}

export default i18n;
