import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A scheduled run left unfinished this long (its node died mid-check) may be claimed again. */
const ABANDONED_AFTER = '10 minutes';

/**
 * Claims the hour's scheduled check: the first node to ask gets its id, every other node none. A
 * claim whose run never finished is taken over once it is old enough.
 */
export async function claimHour(db: Db, hour: Date): Promise<bigint | undefined> {
  const row = await sql<{ id: bigint }>`
    INSERT INTO books_checks (scheduled_hour) VALUES (${hour})
    ON CONFLICT (scheduled_hour) DO UPDATE SET started_at = now()
      WHERE books_checks.finished_at IS NULL AND books_checks.started_at < now() - ${ABANDONED_AFTER}::interval
    RETURNING id`.execute(db);
  return row.rows[0]?.id;
}

export async function startAsked(db: Db, username: string): Promise<bigint> {
  const row = await db.insertInto('books_checks').values({ asked_by: username }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function finish(db: Db, id: bigint, result: { ok: boolean; breaches: number; report: unknown }): Promise<void> {
  await db
    .updateTable('books_checks')
    .set({ finished_at: sql`now()`, ok: result.ok, breaches: result.breaches, report: JSON.stringify(result.report) })
    .where('id', '=', id)
    .execute();
}

const finishedColumns = ['id', 'scheduled_hour', 'asked_by', 'started_at', 'finished_at', 'ok', 'breaches', 'report'] as const;

export function latestFinished(db: Db) {
  return db.selectFrom('books_checks').select(finishedColumns).where('finished_at', 'is not', null).orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function finishedPage(db: Db, page: number, limit: number) {
  const query = db.selectFrom('books_checks').where('finished_at', 'is not', null);
  const [rows, total] = await Promise.all([
    query.select(finishedColumns).orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export function finishedById(db: Db, id: bigint) {
  return db.selectFrom('books_checks').select(finishedColumns).where('id', '=', id).where('finished_at', 'is not', null).executeTakeFirst();
}
