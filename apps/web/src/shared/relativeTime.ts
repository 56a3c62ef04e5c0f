/** SPEC §9 relative time units: years, months (30 days), days, hours, minutes, seconds. */
const UNITS = [
  ['years', 365 * 24 * 3600],
  ['months', 30 * 24 * 3600],
  ['days', 24 * 3600],
  ['hours', 3600],
  ['minutes', 60],
  ['seconds', 1],
] as const;

export type RelativeUnit = (typeof UNITS)[number][0];

export function relativeTime(iso: string, now = Date.now()): { unit: RelativeUnit; count: number } {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return { unit, count: Math.floor(seconds / size) };
  }
  return { unit: 'seconds', count: 0 };
}

/** SPEC §9: pagination shows 3 pages before the current one and 1 after. */
export function pageWindow(current: number, totalPages: number): number[] {
  const first = Math.max(1, current - 3);
  const last = Math.min(totalPages, current + 1);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}
