import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { SITE_PROFILE } from '../../env';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A moment a limit resets or a restriction ends: day and time to the minute, in the site's zone (DD/MM/YYYY HH:mm). */
export const formatWhen = (epochMs: number): string => dayjs(epochMs).tz(SITE_PROFILE.timeZone).format('DD/MM/YYYY HH:mm');
