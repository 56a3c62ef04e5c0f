import { type RawBuilder, type Selectable, sql } from 'kysely';
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

/**
 * The member's active condition, locked for the caller's transaction. FOR NO KEY UPDATE: lockers
 * of the condition still go one at a time, while a deposit credited meanwhile may record itself
 * against it (a foreign key's share lock) without waiting, so a deposit holding the wallet and a
 * withdrawal holding the condition never wait on each other.
 */
export function lockActiveCondition(trx: Db, memberId: bigint): Promise<ConditionRow | undefined> {
  return trx.selectFrom('member_conditions').selectAll().where('member_id', '=', memberId).where('status', '=', 'active').forNoKeyUpdate().executeTakeFirst();
}

export function activeCondition(db: Db, memberId: bigint): Promise<ConditionRow | undefined> {
  return db.selectFrom('member_conditions').selectAll().where('member_id', '=', memberId).where('status', '=', 'active').executeTakeFirst();
}

/** Closes the condition; answers its member (undefined: no such condition). */
export async function closeCondition(trx: Db, id: string, status: 'completed' | 'ended'): Promise<{ member_id: bigint } | undefined> {
  return trx.updateTable('member_conditions').set({ status, closed_at: sql`now()` }).where('id', '=', id).returning('member_id').executeTakeFirst();
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

/** Records a deposit credited while the condition held: the member's own, outside it. */
export async function recordOwnDeposit(trx: Db, values: { depositId: string; conditionId: string; amount: bigint }): Promise<void> {
  await trx.insertInto('condition_deposits').values({ deposit_id: values.depositId, condition_id: values.conditionId, amount: values.amount }).onConflict((oc) => oc.column('deposit_id').doNothing()).execute();
}

export async function ownDeposits(db: Db, conditionId: string): Promise<bigint> {
  const row = await db.selectFrom('condition_deposits').select((eb) => eb.fn.sum<string>('amount').as('total')).where('condition_id', '=', conditionId).executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

/**
 * Everything that is the member's money now, in one statement (one snapshot, so money moving
 * between them is counted once): wallet and game balances, transfers to or from games still in
 * flight (they land on one side or the other), and withdrawals not yet paid (a failed one comes
 * back). Each figure is its owner's subquery, lent through the owner's port.
 */
export async function moneyHeld(db: Db, parts: { accounts: RawBuilder<string>; inFlight: RawBuilder<string>; withdrawing: RawBuilder<string> }): Promise<{ accounts: bigint; inFlight: bigint; withdrawing: bigint }> {
  const result = await sql<{ accounts: string; in_flight: string; withdrawing: string }>`
    SELECT ${parts.accounts} AS accounts, ${parts.inFlight} AS in_flight, ${parts.withdrawing} AS withdrawing`.execute(db);
  const row = result.rows[0]!;
  return { accounts: BigInt(row.accounts), inFlight: BigInt(row.in_flight), withdrawing: BigInt(row.withdrawing) };
}
