import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@wallet/contract';
import { ApiError } from '../api/client';
import en from './locales/en.json';
import lo from './locales/lo.json';
import th from './locales/th.json';

export const resources = { th: { translation: th }, lo: { translation: lo }, en: { translation: en } } as const;
const STORED = 'console.language';

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORED);
void i18n.use(initReactI18next).init({
  resources,
  // Thai by default; the desk chooses and the choice stays.
  lng: (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'th',
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
  // A decision someone already took names who took it: the desk looks, it does not propose again.
  if (error instanceof ApiError && error.code === 'ALREADY_DECIDED' && error.decidedBy) return i18n.t('errors.ALREADY_DECIDED_BY', { name: error.decidedBy });
  const code = error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : 'INTERNAL_SERVER_ERROR';
  return i18n.t(`errors.${code}`, { defaultValue: i18n.t('errors.INTERNAL_SERVER_ERROR') });
}

export default i18n;
