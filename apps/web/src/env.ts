/** Build switches (DESIGN §9): VITE_SITE=la gives the Laos build. */
export const SITE: 'th' | 'la' = import.meta.env.VITE_SITE === 'la' ? 'la' : 'th';
export const DEFAULT_LANGUAGE = SITE === 'la' ? 'lo' : 'th';
/** Empty means the same origin that served the app. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';
/** With the iframe build, game links open in a new tab (SPEC §7 Auto-login). */
export const IFRAME_BUILD = import.meta.env.VITE_IFRAME === '1';
export const APP_NAME: string = import.meta.env.VITE_APP_NAME ?? 'Baht Wallet';
