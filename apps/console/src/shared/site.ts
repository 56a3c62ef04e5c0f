import { siteProfileOfLanguage } from '@wallet/client-kit/format';

/**
 * The site this console serves. One console build serves both sites: the server writes the site's
 * language into the page's `<html lang>` (apps/server/src/http/web-app.ts), read here once, before
 * the desk's language choice rewrites it (shared/i18n imports this module first).
 */
export const SITE_PROFILE = siteProfileOfLanguage(typeof document === 'undefined' ? undefined : document.documentElement.lang);
