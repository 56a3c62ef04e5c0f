import { useTranslation } from './useTranslation';
import { LANGUAGES, type Language } from '@wallet/contract';
import { changeLanguage } from '.';

/** The th/lo/en dropdown of the top bar (SPEC §2). A native select: thumb-friendly, accessible. */
export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <label className={`relative inline-flex items-center ${className}`}>
      <span className="sr-only">{t('language.label')}</span>
      <select
        data-testid="language-select"
        value={i18n.language}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
        className="h-10 appearance-none rounded-full border border-white/15 bg-white/5 pl-3 pr-8 text-sm font-semibold text-white focus:outline-none focus:ring-2 focus:ring-gold-400"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} className="text-slate-900">
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
      <svg aria-hidden className="pointer-events-none absolute right-3 h-3 w-3 text-white/70" viewBox="0 0 12 12">
        <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
    </label>
  );
}
