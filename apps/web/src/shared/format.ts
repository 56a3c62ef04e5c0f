import { formatDateTime as formatInSite } from '@wallet/client-kit/format';
import { SITE_PROFILE } from '../env';

/** SPEC §9: at least 2 decimals, a dash when not a number (the contract's, shared with the console). */
export { formatMoney } from '@wallet/client-kit/format';

/** SPEC §9 date format DD/MM/YYYY HH:mm:ss, in the build's site's zone (DESIGN §6). */
export const formatDateTime = (iso: string): string => formatInSite(iso, SITE_PROFILE);

/** A bank's name in the reader's language: Thai script, Lao script (English for Thai banks), or English. */
export function bankNameIn(language: string, bank: { nameTH: string; nameEN: string; nameLO: string }): string {
  return language === 'th' ? bank.nameTH : language === 'lo' ? bank.nameLO : bank.nameEN;
}
