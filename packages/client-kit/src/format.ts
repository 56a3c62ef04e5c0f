import { SITE_PROFILES, type SiteProfile } from '@wallet/contract';

/** SPEC §9: at least 2 decimals, a dash when not a number. */
export { formatMoney } from '@wallet/contract';

type ClockPart = 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second';
const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as a zone's clock shows it, each part two digits (the year four), from the browser's
 * own time-zone data; null when the moment is no date.
 */
export function clockIn(moment: string | number, timeZone: string): Record<ClockPart, string> | null {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return null;
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  return Object.fromEntries(clock.formatToParts(date).map(({ type, value }) => [type, value])) as Record<ClockPart, string>;
}

/** SPEC §9's DD/MM/YYYY HH:mm:ss, in the site's time zone (DESIGN §6: Asia/Bangkok, Asia/Vientiane on the Laos site). */
export function formatDateTime(iso: string, site: Pick<SiteProfile, 'timeZone'>): string {
  const at = clockIn(iso, site.timeZone);
  return at ? `${at.day}/${at.month}/${at.year} ${at.hour}:${at.minute}:${at.second}` : 'Invalid Date';
}

/** The profile of the site whose language a page is written in; the Thai site's when none matches. */
export function siteProfileOfLanguage(language: string | undefined): SiteProfile {
  return Object.values(SITE_PROFILES).find((profile) => profile.defaultLanguage === language) ?? SITE_PROFILES.th;
}
