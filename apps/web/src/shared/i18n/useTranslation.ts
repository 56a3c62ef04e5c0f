import i18n, { type TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';

function onLanguageChange(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}
const currentLanguage = () => i18n.language;

/**
 * The app's one i18next instance in a component: `t` for the current language, and a new render
 * when the language changes. What react-i18next's hook does for this app, in a few lines: the
 * texts are in before the first render (main.tsx) and there is one namespace, so none of its
 * loading, Suspense or namespace handling runs here, and it is 1.7 kB gzip of /login's first
 * download. react-i18next's `<Trans>` still serves the one sentence with markup
 * (given `i18n` and `t`).
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const language = useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
  const t = useMemo(() => i18n.getFixedT(language), [language]);
  return { t, i18n };
}
