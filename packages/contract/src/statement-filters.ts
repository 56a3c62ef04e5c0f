/** Without zod: the member app's statement screen reads these, and builds no schemas for them. */

// Statement filters: by type and by member days (UTC+7 in both builds)
export const STATEMENT_TYPE_FILTERS = ['all', 'deposit', 'withdraw', 'transfer', 'bonus'] as const;
export type StatementTypeFilter = (typeof STATEMENT_TYPE_FILTERS)[number];
/** Bangkok and Vientiane: both UTC+7 all year. A member's day starts at midnight there. */
export const MEMBER_UTC_OFFSET = '+07:00';

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
/** The instant a member's day starts (midnight UTC+7). */
export function memberDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${MEMBER_UTC_OFFSET}`);
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** MEMBER_UTC_OFFSET in milliseconds (a literal: a computed one would stay in every bundle of the contract). */
const MEMBER_OFFSET_MS = 7 * HOUR_MS;

/**
 * The member's day (`YYYY-MM-DD`) that `now` falls on, `daysBack` days earlier when asked: by
 * arithmetic, as the zone keeps one offset all year (a time-zone library converts through the
 * browser's zone data on every call, in every render).
 */
export function memberDay(daysBack = 0, now: Date = new Date()): string {
  return new Date(now.getTime() + MEMBER_OFFSET_MS - daysBack * DAY_MS).toISOString().slice(0, 10);
}
