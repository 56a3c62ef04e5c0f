import { clockIn } from '@wallet/client-kit/format';
import { SITE_PROFILE } from '../../env';

/** A moment a limit resets or a restriction ends: day and time to the minute, in the site's zone (DD/MM/YYYY HH:mm). */
export function formatWhen(epochMs: number): string {
  const at = clockIn(epochMs, SITE_PROFILE.timeZone);
  return at ? `${at.day}/${at.month}/${at.year} ${at.hour}:${at.minute}` : '';
}
