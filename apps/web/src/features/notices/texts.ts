import type { SectionTexts } from '../../shared/i18n';

/** The sheet's texts, a part of their own (vite.config.ts, OWN_PART_TEXTS): no other screen carries them. */
export const NOTICE_TEXTS: SectionTexts = {
  th: () => import('virtual:locale/th-notices'),
  lo: () => import('virtual:locale/lo-notices'),
  en: () => import('virtual:locale/en-notices'),
};
