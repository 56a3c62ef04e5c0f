import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMAT } from '@wallet/contract';

dayjs.extend(utc);
dayjs.extend(timezone);

export { formatMoney } from '@wallet/contract';
/** Desk times in Bangkok (DESIGN §6), the site's own zone. */
export const formatTime = (iso: string) => dayjs(iso).tz('Asia/Bangkok').format(DATE_FORMAT);
