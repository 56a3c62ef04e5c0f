import dayjs from '../../shared/dayjs';
import { SITE_PROFILE } from '../../env';

/** Today's date (YYYY-MM-DD) in the site's time zone (UTC+7), `daysBack` days earlier when asked. */
export function memberDay(daysBack = 0, now: Date = new Date()): string {
  return dayjs(now).tz(SITE_PROFILE.timeZone).subtract(daysBack, 'day').format('YYYY-MM-DD');
}
