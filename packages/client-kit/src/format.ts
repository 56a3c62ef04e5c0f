import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMAT, SITE_PROFILES, type SiteProfile } from '@wallet/contract';

dayjs.extend(utc);
dayjs.extend(timezone);

/** SPEC §9: at least 2 decimals, a dash when not a number. */
export { formatMoney } from '@wallet/contract';

/** SPEC §9's DD/MM/YYYY HH:mm:ss, in the site's time zone (DESIGN §6: Asia/Bangkok, Asia/Vientiane on the Laos site). */
export function formatDateTime(iso: string, site: Pick<SiteProfile, 'timeZone'>): string {
  return dayjs(iso).tz(site.timeZone).format(DATE_FORMAT);
}

/** The profile of the site whose language a page is written in; the Thai site's when none matches. */
export function siteProfileOfLanguage(language: string | undefined): SiteProfile {
  return Object.values(SITE_PROFILES).find((profile) => profile.defaultLanguage === language) ?? SITE_PROFILES.th;
}
