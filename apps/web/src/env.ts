import { type CurrencyCode, SITE_PROFILES, type Site, walletCurrencyOf } from '@wallet/contract';

/** Build switches (DESIGN §9): VITE_SITE=la gives the Laos build. */
export const SITE: Site = import.meta.env.VITE_SITE === 'la' ? 'la' : 'th';
/** Everything that differs between the Thai and the Lao build. */
export const SITE_PROFILE = SITE_PROFILES[SITE];
export const DEFAULT_LANGUAGE = SITE_PROFILE.defaultLanguage;
/** A new member's wallet currency when they do not choose: baht, or kip in the Laos build. */
export const DEFAULT_CURRENCY: CurrencyCode = walletCurrencyOf(SITE_PROFILE.currencies[0]);
/** Empty means the same origin that served the app. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';
/** With the iframe build, game links open in a new tab (SPEC §7 Auto-login). */
export const IFRAME_BUILD = import.meta.env.VITE_IFRAME === '1';
/** The Laos build is its own product (vite.config.ts names the page and the manifest alike). */
export const APP_NAME: string = import.meta.env.VITE_APP_NAME ?? (SITE === 'la' ? 'Kip Wallet' : 'Baht Wallet');
