import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type ConditionRow = Selectable<Database['member_conditions']>;

/** Puts a member's balances under a withdrawal condition (DESIGN §6); one active at a time. */
export function startCondition(
  db: Db,
  values: {
    memberId: bigint;
    kind: ConditionRow['kind'];
    source: string;
    baseAmount: bigint;
    successPercent: number;
    failPercent: number;
    rewardAmount?: bigint;
    clearMode?: ConditionRow['clear_mode'];
  },
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
      reward_amount: values.rewardAmount ?? 0n,
      clear_mode: values.clearMode ?? 'none',
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

/** Ends a condition before its target: by the member under the fail floor, or by an operator with a reason. */
export async function endCondition(trx: Db, id: string, end: { clearedAmount: bigint; clearTransferId: bigint | null; endedBy: string; reason: string | null }): Promise<ConditionRow> {
  return trx
    .updateTable('member_conditions')
    .set({ status: 'ended', closed_at: sql`now()`, cleared_amount: end.clearedAmount, clear_transfer_id: end.clearTransferId, ended_by: end.endedBy, end_reason: end.reason })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** When the member's last condition closed: deposits after it qualify for the next bonus. */
export async function lastClosedAt(db: Db, memberId: bigint): Promise<Date | null> {
  const row = await db.selectFrom('member_conditions').select((eb) => eb.fn.max('closed_at').as('closed_at')).where('member_id', '=', memberId).executeTakeFirst();
  return row?.closed_at ? new Date(row.closed_at) : null;
}
