import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMAT } from '@wallet/contract';
import { SITE_PROFILE } from '../env';

dayjs.extend(utc);
dayjs.extend(timezone);

/** DESIGN §6: times are shown in Asia/Bangkok (Asia/Vientiane in the Laos build). */
const TIME_ZONE = SITE_PROFILE.timeZone;

/** SPEC §9: at least 2 decimals, a dash when not a number (the contract's, shared with the console). */
export { formatMoney } from '@wallet/contract';

/** SPEC §9 date format DD/MM/YYYY HH:mm:ss. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).tz(TIME_ZONE).format(DATE_FORMAT);
}

/** Intl locales of the app's languages; Thai dates keep the Gregorian year the rest of the app shows. */
const DATE_LOCALES: Record<string, string> = { th: 'th-TH-u-ca-gregory', lo: 'lo-LA', en: 'en-GB' };

/** A full date and time in words, in the reader's language and the site's time zone (UTC+7): for receipts. */
export function formatDateTimeLong(iso: string, language: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language] ?? 'en-GB', {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** Today's date (YYYY-MM-DD) in the site's time zone, `daysBack` days earlier when asked. */
export function memberDay(daysBack = 0, now: Date = new Date()): string {
  return dayjs(now).tz(TIME_ZONE).subtract(daysBack, 'day').format('YYYY-MM-DD');
}

/** A bank's name in the reader's language: Thai script, Lao script (English for Thai banks), or English. */
export function bankNameIn(language: string, bank: { nameTH: string; nameEN: string; nameLO: string }): string {
  return language === 'th' ? bank.nameTH : language === 'lo' ? bank.nameLO : bank.nameEN;
}
