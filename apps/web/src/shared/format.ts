import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMAT } from '@wallet/contract';
import { SITE } from '../env';

dayjs.extend(utc);
dayjs.extend(timezone);

/** DESIGN §6: times are shown in Asia/Bangkok (Asia/Vientiane in the Laos build). */
const TIME_ZONE = SITE === 'la' ? 'Asia/Vientiane' : 'Asia/Bangkok';

/** SPEC §9: at least 2 decimals, a dash when not a number. */
export function formatMoney(value: unknown, language = 'th'): string {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return '-';
  return new Intl.NumberFormat(language === 'lo' ? 'lo-LA' : language === 'en' ? 'en-US' : 'th-TH', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(number);
}

/** SPEC §9 date format DD/MM/YYYY HH:mm:ss. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).tz(TIME_ZONE).format(DATE_FORMAT);
}
