import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type NoticeRow = Selectable<Database['manual_deposit_notices']>;

/** The member's notice for this key: the one written now, or the one an earlier tap wrote. */
export async function insertNotice(db: Db, values: { memberId: bigint; amount: bigint; idempotencyKey: string | null }): Promise<NoticeRow> {
  const inserted = await db
    .insertInto('manual_deposit_notices')
    .values({ member_id: values.memberId, amount: values.amount, idempotency_key: values.idempotencyKey })
    .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return (
    inserted ??
    db
      .selectFrom('manual_deposit_notices')
      .selectAll()
      .where('member_id', '=', values.memberId)
      .where('idempotency_key', '=', values.idempotencyKey)
      .executeTakeFirstOrThrow()
  );
}

export function lockNotice(db: Db, id: string): Promise<NoticeRow | undefined> {
  return db.selectFrom('manual_deposit_notices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function decideNotice(db: Db, id: string, decision: { status: 'SUCCESS' | 'FAILED'; reason: string | null; decidedBy: string }): Promise<NoticeRow> {
  return db
    .updateTable('manual_deposit_notices')
    .set({ status: decision.status, reason: decision.reason, decided_by: decision.decidedBy, decided_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function operatorNoticePage(db: Db, status: NoticeRow['status'], page: number, limit: number) {
  // The count reads the notices' index alone; the page's members come from the members port.
  const base = db.selectFrom('manual_deposit_notices as n').where('n.status', '=', status);
  const [rows, total] = await Promise.all([
    base
      .selectAll('n').orderBy('n.created_at').limit(limit).offset((page - 1) * limit).execute(),
    base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}
