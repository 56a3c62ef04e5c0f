import dayjs from 'dayjs';
import 'dayjs/locale/lo';
import 'dayjs/locale/th';
import { SITE_PROFILE } from '../../env';
// The shared formatter sets up dayjs's time zones.
import '../../shared/format';

/**
 * A receipt's date and time in words, in the reader's language and the site's time zone (UTC+7).
 * dayjs's month names rather than Intl's: Chromium ships no Lao date names and would fall back to
 * English. The year stays Gregorian in Thai too, as everywhere else in the app.
 */
const FORMATS: Record<string, string> = { th: 'D MMMM YYYY [เวลา] HH:mm:ss', lo: 'D MMMM YYYY [ເວລາ] HH:mm:ss', en: 'D MMMM YYYY [at] HH:mm:ss' };

export function formatReceiptTime(iso: string, language: string): string {
  const known = language in FORMATS ? language : 'en';
  return dayjs(iso).tz(SITE_PROFILE.timeZone).locale(known).format(FORMATS[known]);
}
