import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMAT } from '@wallet/contract';

dayjs.extend(utc);
dayjs.extend(timezone);

export { formatMoney } from '@wallet/contract';
/** Desk times in Bangkok (DESIGN §6), the site's own zone. */
export const formatTime = (iso: string) => dayjs(iso).tz('Asia/Bangkok').format(DATE_FORMAT);
/**
 * A list's size for a header or a note: grouped digits, and "+" when the server stopped counting
 * there (issue 16 §2: a list that grows without bound is counted to 1,000, or to the page asked).
 */
export const formatCount = (total: number, capped = false) => `${total.toLocaleString('en')}${capped ? '+' : ''}`;
