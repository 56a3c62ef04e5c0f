import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type ConfigChangeRow = Selectable<Database['config_changes']>;

export async function insertChange(db: Db, values: Insertable<Database['config_changes']>): Promise<string> {
  return (await db.insertInto('config_changes').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export function lockChange(db: Db, id: string): Promise<ConfigChangeRow | undefined> {
  return db.selectFrom('config_changes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decide(db: Db, id: string, decision: { status: 'approved' | 'rejected'; decidedBy: bigint; note: string | null }): Promise<void> {
  await db
    .updateTable('config_changes')
    .set({ status: decision.status, decided_by: decision.decidedBy, decision_note: decision.note, decided_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function findChange(db: Db, id: string) {
  return db.selectFrom('config_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function page(db: Db, status: ConfigChangeRow['status'] | undefined, pageNumber: number, limit: number) {
  let query = db.selectFrom('config_changes');
  if (status) query = query.where('status', '=', status);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').limit(limit).offset((pageNumber - 1) * limit).execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}

/** The open proposals of one kind, oldest first. */
export function openOfKind(db: Db, kind: ConfigChangeRow['kind']) {
  return db.selectFrom('config_changes').selectAll().where('status', '=', 'proposed').where('kind', '=', kind).orderBy('created_at').execute();
}
