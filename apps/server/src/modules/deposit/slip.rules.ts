/** Asia/Bangkok wall-clock minutes of the day; Thailand and Laos share UTC+7 with no DST. */
function minutesOfDayUtc7(at: Date): number {
  return (at.getUTCHours() * 60 + at.getUTCMinutes() + 7 * 60) % (24 * 60);
}

function parseHourMinute(value: string): number {
  const [hours = '0', minutes = '0'] = value.split(':');
  return Number(hours) * 60 + Number(minutes);
}

export function isWithinDailyWindow(at: Date, from: string, until: string): boolean {
  const minute = minutesOfDayUtc7(at);
  const start = parseHourMinute(from);
  const end = parseHourMinute(until);
  // A window like 22:00–02:00 wraps past midnight.
  return start <= end ? minute >= start && minute <= end : minute >= start || minute <= end;
}

/** SPEC §5: slip upload closes outside the operator's daily window. */
export const isSlipUploadOpen = (site: { slipOpenFrom: string; slipOpenUntil: string }, at: Date): boolean => isWithinDailyWindow(at, site.slipOpenFrom, site.slipOpenUntil);

/**
 * DESIGN §6: a slip older than the operator's limit is refused. The age runs from the bank
 * transfer to the upload, so a slip a crash left to the sweep is not aged by the wait.
 */
export const isSlipTooOld = (transferredAt: Date, uploadedAt: Date, maxAgeMinutes: number): boolean =>
  uploadedAt.getTime() - transferredAt.getTime() > maxAgeMinutes * 60_000;

