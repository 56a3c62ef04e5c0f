import { formatDateTime } from '@wallet/client-kit/format';
import { SITE_PROFILE } from '../site';

export { formatMoney } from '@wallet/client-kit/format';
/** Desk times in the site's own zone (DESIGN §6): Bangkok, or Vientiane on the Laos site. */
export const formatTime = (iso: string) => formatDateTime(iso, SITE_PROFILE);
/** The same, for a time the server answers as epoch milliseconds (player protection). */
export const formatEpoch = (epochMs: number) => formatTime(new Date(epochMs).toISOString());
/**
 * A list's size for a header or a note: grouped digits, and "+" when the server stopped counting
 * there (a list that grows without bound is counted to 1,000, or to the page asked).
 */
export const formatCount = (total: number, capped = false) => `${total.toLocaleString('en')}${capped ? '+' : ''}`;
