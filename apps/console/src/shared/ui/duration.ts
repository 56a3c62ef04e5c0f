import type { TFunction } from 'i18next';

/** Seconds as the desk reads a wait: seconds under two minutes, minutes under two hours, hours beyond; "-" when there is none. */
export function durationText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return '-';
  if (seconds < 120) return t('autoPayout.duration.seconds', { count: Math.round(seconds) });
  if (seconds < 7200) return t('autoPayout.duration.minutes', { count: Math.round(seconds / 60) });
  return t('autoPayout.duration.hours', { count: Math.round(seconds / 3600) });
}

/** A share as a whole percent; "-" when there was nothing to share. */
export const shareText = (share: number | null) => (share === null ? '-' : `${Math.round(share * 100)} %`);
