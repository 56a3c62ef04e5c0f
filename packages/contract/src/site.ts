import { type Currency, LAOS_CURRENCIES, type Language, PHONE_LENGTH_LA, PHONE_LENGTH_TH } from './constants.js';

export type Site = 'th' | 'la';

/**
 * Everything that differs between the Thai and the Lao build, in one place: code asks the
 * profile instead of branching on the site.
 */
export interface SiteProfile {
  site: Site;
  /** The country of the banks members register with. */
  country: 'TH' | 'LA';
  defaultLanguage: Language;
  timeZone: string;
  phone: { minLength: number; maxLength: number };
  /** What a phone number of the wrong length is answered with (SPEC §8 names only the Thai code). */
  phoneErrorCode: 'PHONE_NUMBER_REQUIRE_10_DIGIT' | 'KEY_INVALID';
  /** The translation key of the phone rule shown beside the field. */
  phoneHintKey: 'validation.phoneDigits' | 'validation.phoneDigitsLa';
  /** The wallet currencies a member may register with; the first is the default. */
  currencies: readonly [Currency, ...Currency[]];
  /** The country whose operator deposit accounts members are shown; undefined shows them all. */
  depositAccountCountry: 'TH' | undefined;
}

export const SITE_PROFILES: Record<Site, SiteProfile> = {
  th: {
    site: 'th',
    country: 'TH',
    defaultLanguage: 'th',
    timeZone: 'Asia/Bangkok',
    phone: { minLength: PHONE_LENGTH_TH, maxLength: PHONE_LENGTH_TH },
    phoneErrorCode: 'PHONE_NUMBER_REQUIRE_10_DIGIT',
    phoneHintKey: 'validation.phoneDigits',
    currencies: ['THB'],
    depositAccountCountry: 'TH',
  },
  la: {
    site: 'la',
    country: 'LA',
    defaultLanguage: 'lo',
    timeZone: 'Asia/Vientiane',
    phone: { minLength: PHONE_LENGTH_LA.min, maxLength: PHONE_LENGTH_LA.max },
    phoneErrorCode: 'KEY_INVALID',
    phoneHintKey: 'validation.phoneDigitsLa',
    currencies: LAOS_CURRENCIES,
    depositAccountCountry: undefined,
  },
};

/** Whether the member picks a wallet currency at registration (only where there is more than one). */
export const choosesCurrency = (profile: SiteProfile): boolean => profile.currencies.length > 1;
