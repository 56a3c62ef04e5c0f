import dayjs from '../../shared/dayjs';
import 'dayjs/locale/lo';
import 'dayjs/locale/th';
import { SITE_PROFILE } from '../../env';

const DAYJS_LOCALES = new Set(['th', 'lo', 'en']);

/**
 * A receipt's date and time in words, in the reader's language (`format`, the language's dayjs
 * pattern from its texts) and the site's time zone (UTC+7). dayjs's month names rather than Intl's:
 * Chromium ships no Lao date names and would fall back to English. The year stays Gregorian in Thai
 * too, as everywhere else in the app.
 */
export function formatReceiptTime(iso: string, language: string, format: string): string {
  return dayjs(iso).tz(SITE_PROFILE.timeZone).locale(DAYJS_LOCALES.has(language) ? language : 'en').format(format);
}
