import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type ConditionRow = Selectable<Database['member_conditions']>;

/** Puts a member's balances under a withdrawal condition (DESIGN §6); one active at a time. */
export function startCondition(
  db: Db,
  values: { memberId: bigint; kind: ConditionRow['kind']; source: string; baseAmount: bigint; successPercent: number; failPercent: number },
): Promise<ConditionRow> {
  return db
    .insertInto('member_conditions')
    .values({
      member_id: values.memberId,
      kind: values.kind,
      source: values.source,
      base_amount: values.baseAmount,
      success_percent: values.successPercent,
      fail_percent: values.failPercent,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The member's active condition, locked for the caller's transaction. */
export function lockActiveCondition(trx: Db, memberId: bigint): Promise<ConditionRow | undefined> {
  return trx.selectFrom('member_conditions').selectAll().where('member_id', '=', memberId).where('status', '=', 'active').forUpdate().executeTakeFirst();
}

export function activeCondition(db: Db, memberId: bigint): Promise<ConditionRow | undefined> {
  return db.selectFrom('member_conditions').selectAll().where('member_id', '=', memberId).where('status', '=', 'active').executeTakeFirst();
}

export async function closeCondition(trx: Db, id: string, status: 'completed' | 'ended'): Promise<void> {
  await trx.updateTable('member_conditions').set({ status, closed_at: sql`now()` }).where('id', '=', id).execute();
}
