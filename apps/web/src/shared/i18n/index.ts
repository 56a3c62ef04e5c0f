import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { type CurrencyCode, LANGUAGE_COOKIE, LANGUAGES, type Language, STORAGE_KEYS } from '@wallet/contract';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE } from '../../env';
import { keepWords } from './keepWords';

type Texts = { default: Record<string, unknown> };

/**
 * Each language's texts are chunks of their own: a phone downloads the chosen
 * language only, and of it first the sections the first screen shows (vite.config.ts,
 * FIRST_SCREEN_TEXTS); the rest comes with the first screen after it (`loadAllTexts`).
 */
const LOCALES: Record<Language, { first: () => Promise<Texts>; rest: () => Promise<Texts> }> = {
  th: { first: () => import('virtual:locale/th-first'), rest: () => import('virtual:locale/th-rest') },
  lo: { first: () => import('virtual:locale/lo-first'), rest: () => import('virtual:locale/lo-rest') },
  en: { first: () => import('virtual:locale/en-first'), rest: () => import('virtual:locale/en-rest') },
};

/** Set once the rest is asked for (a screen beyond the first, or /login once idle): from then on a language loads whole. */
let wantAllTexts = false;
const wholeLanguages = new Set<string>();

/** A section of the texts in a part of its own (vite.config.ts, OWN_PART_TEXTS): its loader per language. */
export type SectionTexts = Record<Language, () => Promise<Texts>>;
/** Sections a feature has asked for (useSectionTexts.ts): a language loaded from then on brings them along. */
export const ownPartSections = new Map<SectionTexts, Promise<void>>();

async function loadTexts(language: Language): Promise<ResourceKey> {
  const whole = wantAllTexts;
  const ownParts = [...ownPartSections.keys()].map((section) => section[language]());
  const parts = await Promise.all([...(whole ? [LOCALES[language].first(), LOCALES[language].rest()] : [LOCALES[language].first()]), ...ownParts]);
  if (whole) wholeLanguages.add(language);
  return Object.assign({}, ...parts.map((part) => part.default)) as ResourceKey;
}

const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!(LANGUAGES as readonly string[]).includes(language)) return callback(null, {});
    loadTexts(language as Language).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

/** i18next's addResourceBundle as it runs: its types leave out the last argument, the options. */
type AddBundle = (language: string, namespace: string, texts: ResourceKey, deep: boolean, overwrite: boolean, options: { silent?: boolean; skipCopy?: boolean }) => void;

/** Every section of the current language's texts; the router awaits it before any screen but /login, which loads it when idle. */
export async function loadAllTexts(): Promise<void> {
  wantAllTexts = true;
  // Fetched beside the first part when the app opens on a later screen (the language is known).
  const language = (i18n.language ?? firstLanguage) as Language;
  if (wholeLanguages.has(language) || !(LANGUAGES as readonly string[]).includes(language)) return;
  const rest = await LOCALES[language].rest();
  await i18nReady;
  // The rest's sections are none of the first part's (vite.config.ts), so they are added beside
  // them as they are: merged key by key and copied through JSON, they took ~70 ms of a phone's load.
  (i18n as unknown as { addResourceBundle: AddBundle }).addResourceBundle(language, 'translation', rest.default, false, true, { skipCopy: true });
  wholeLanguages.add(language);
}

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

/**
 * The member's choice is kept at once, not when its texts are in (languageChanged): a reload right
 * after choosing keeps it even while the language is still loading (whole once a later screen or
 * an idle /login asked for the rest of the texts).
 */
export function changeLanguage(language: Language): Promise<unknown> {
  remember(language);
  return i18n.changeLanguage(language);
}

export default i18n;
