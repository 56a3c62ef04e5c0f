import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { KIT_TEXTS, mergeTexts } from '@wallet/client-kit/texts';
import { LANGUAGES, type Language } from '@wallet/contract';
import { ApiError } from '../api/client';
import { SITE_PROFILE } from '../site';
import en from './locales/en.json';
import lo from './locales/lo.json';
import th from './locales/th.json';

/** The client kit's texts (error texts in the member's words, common buttons) with the console's over them. */
export const resources = {
  th: { translation: mergeTexts(KIT_TEXTS.th, th) },
  lo: { translation: mergeTexts(KIT_TEXTS.lo, lo) },
  en: { translation: mergeTexts(KIT_TEXTS.en, en) },
} as const;
/**
 * The desk's own choice. A new name: the one before was written at every start too, so on the Laos
 * site it held the Thai the console used to start in, and kept it starting in Thai.
 */
const STORED = 'console.language-chosen';

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
let started = false;
void i18n
  .use(initReactI18next)
  .init({
    resources,
    lng: startLanguage(stored, SITE_PROFILE.defaultLanguage),
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => {
    started = true;
  });
i18n.on('languageChanged', (language) => {
  // Only a change after the start is the desk's choice; the start itself stores nothing.
  if (started) localStorage.setItem(STORED, language);
  document.documentElement.lang = language;
});

/** A failure in the operator's language: the server's code, translated. */
export function errorText(error: unknown): string {
  // A decision someone already took names who took it: the desk looks, it does not propose again.
  if (error instanceof ApiError && error.code === 'ALREADY_DECIDED' && error.decidedBy) return i18n.t('errors.ALREADY_DECIDED_BY', { name: error.decidedBy });
  const code = error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : 'INTERNAL_SERVER_ERROR';
  return i18n.t(`errors.${code}`, { defaultValue: i18n.t('errors.INTERNAL_SERVER_ERROR') });
}

export default i18n;
