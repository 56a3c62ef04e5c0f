import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type CorrectionRow = Selectable<Database['money_corrections']>;

/** The proposal written now, or the one this proposer's key wrote before (a retried submit). */
export async function insertProposal(
  db: Db,
  values: Pick<CorrectionRow, 'member_id' | 'direction' | 'amount' | 'reason_code' | 'note' | 'proposed_by' | 'idempotency_key'>,
): Promise<{ id: string; fresh: boolean }> {
  const inserted = await db.insertInto('money_corrections').values(values).onConflict((oc) => oc.columns(['proposed_by', 'idempotency_key']).doNothing()).returning('id').executeTakeFirst();
  if (inserted) return { id: inserted.id, fresh: true };
  const earlier = await db
    .selectFrom('money_corrections')
    .select('id')
    .where('proposed_by', '=', values.proposed_by)
    .where('idempotency_key', '=', values.idempotency_key)
    .executeTakeFirstOrThrow();
  return { id: earlier.id, fresh: false };
}

export function lockCorrection(db: Db, id: string): Promise<CorrectionRow | undefined> {
  return db.selectFrom('money_corrections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decide(db: Db, id: string, decision: { status: 'approved' | 'rejected'; decidedBy: bigint; note: string | null }): Promise<void> {
  await db
    .updateTable('money_corrections')
    .set({ status: decision.status, decided_by: decision.decidedBy, decision_note: decision.note, decided_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function findCorrection(db: Db, id: string): Promise<CorrectionRow> {
  return db.selectFrom('money_corrections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function page(db: Db, filter: { status?: CorrectionRow['status'] | undefined; memberId?: bigint | undefined }, pageNumber: number, limit: number) {
  let query = db.selectFrom('money_corrections');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').limit(limit).offset((pageNumber - 1) * limit).execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}
