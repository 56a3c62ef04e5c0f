import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Takes one attempt under `key` in a single statement, unless `max` are already taken in the
 * window that began after `windowStart`; a window older than that starts afresh at `now`.
 * The conflicting row is locked while the statement decides, so parallel callers queue on it and
 * no more than `max` ever get a row back. Undefined means refused.
 */
export function takeAttempt(db: Db, key: string, max: number, windowStart: Date, now: Date) {
  const windowOver = sql<boolean>`attempt_counters.window_started_at <= ${windowStart}`;
  return db
    .insertInto('attempt_counters')
    .values({ key, window_started_at: now, attempts: 1 })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({
          attempts: sql`CASE WHEN ${windowOver} THEN 1 ELSE attempt_counters.attempts + 1 END`,
          window_started_at: sql`CASE WHEN ${windowOver} THEN ${now}::timestamptz ELSE attempt_counters.window_started_at END`,
        })
        .where((eb) => eb.or([windowOver, eb('attempt_counters.attempts', '<', max)])),
    )
    .returning(['window_started_at', 'attempts'])
    .executeTakeFirst();
}

/** Gives an attempt back to the window it was taken in (a later window is left alone). */
export async function returnAttempt(db: Db, key: string, windowStartedAt: Date): Promise<void> {
  await db
    .updateTable('attempt_counters')
    .set({ attempts: sql`attempts - 1` })
    .where('key', '=', key)
    .where('window_started_at', '=', windowStartedAt)
    .where('attempts', '>', 0)
    .execute();
}

export async function deleteWindowsStartedBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('attempt_counters').where('window_started_at', '<', before).execute();
}
