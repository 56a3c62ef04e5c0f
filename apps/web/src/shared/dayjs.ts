import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** dayjs with time zones, for the screens that count days and write months in the site's zone. */
export default dayjs;
