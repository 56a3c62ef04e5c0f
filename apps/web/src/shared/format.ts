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

/** A bank's name in the reader's language: Thai script, Lao script (English for Thai banks), or English. */
export function bankNameIn(language: string, bank: { nameTH: string; nameEN: string; nameLO: string }): string {
  return language === 'th' ? bank.nameTH : language === 'lo' ? bank.nameLO : bank.nameEN;
}
