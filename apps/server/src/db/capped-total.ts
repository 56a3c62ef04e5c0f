import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from './database.js';

/** Counting a list stops past this many rows (or past the asked page, when that is deeper). */
export const COUNT_CAP = 1_000;

/** A list's size as the operator's tables show it: exact, or "more than `total`" when capped. */
export interface CappedTotal {
  total: number;
  /** Counting stopped at `total`: there are more rows than that. */
  totalCapped: boolean;
}

/**
 * An exact count of a growing set (every member, every decided slip) grows with the
 * table, however it is indexed. This counts at most one row past the larger of COUNT_CAP and the
 * end of the asked page, through a LIMITed subquery, so its cost follows the page, not the table;
 * whether a next page exists is still always known (`totalCapped`, or the page ends before `total`).
 */
export async function cappedTotal<DB, TB extends keyof DB, O>(db: Db, filtered: SelectQueryBuilder<DB, TB, O>, page: number, limit: number): Promise<CappedTotal> {
  const cap = Math.max(COUNT_CAP, page * limit);
  const counted = await db
    .selectFrom(filtered.clearSelect().select(sql<number>`1`.as('one')).limit(cap + 1).as('capped'))
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  const rows = Number(counted.count);
  return rows > cap ? { total: cap, totalCapped: true } : { total: rows, totalCapped: false };
}
