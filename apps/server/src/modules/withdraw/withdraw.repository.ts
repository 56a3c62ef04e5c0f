import { sql } from 'kysely';
import type { CurrencyCode } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { cappedTotal } from '../../db/capped-total.js';

export async function insertWithdrawal(
  trx: Db,
  withdrawal: {
    id: string;
    memberId: bigint;
    amount: bigint;
    currency: CurrencyCode;
    bankCode: string;
    bankAccountNo: string;
    bankAccountName: string;
    idempotencyKey: string | null;
    riskDecisionId: string;
    heldForReview: boolean;
  },
) {
  return trx
    .insertInto('withdrawals')
    .values({
      id: withdrawal.id,
      member_id: withdrawal.memberId,
      amount: withdrawal.amount,
      currency: withdrawal.currency,
      bank_code: withdrawal.bankCode,
      bank_account_no: withdrawal.bankAccountNo,
      bank_account_name: withdrawal.bankAccountName,
      idempotency_key: withdrawal.idempotencyKey,
      risk_decision_id: withdrawal.riskDecisionId,
      held_for_review: withdrawal.heldForReview,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findByKey(db: Db, memberId: bigint, key: string) {
  return db.selectFrom('withdrawals').selectAll().where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function lockWithdrawal(trx: Db, id: string) {
  return trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decide(trx: Db, id: string, decision: { status: 'SUCCESS' | 'FAILED'; reason: string | null; decidedBy: string }) {
  return trx
    .updateTable('withdrawals')
    .set({ status: decision.status, reason: decision.reason, decided_by: decision.decidedBy, decided_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The first of two decisions: the withdrawal stays in progress until a second operator takes the same one. */
export function recordFirstApproval(trx: Db, id: string, operator: string, decision: 'SUCCESS' | 'FAILED') {
  return trx
    .updateTable('withdrawals')
    .set({ first_approved_by: operator, first_approved_at: sql`now()`, first_decision: decision })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listForOperator(db: Db, status: 'in_progress' | 'SUCCESS' | 'FAILED' | 'all', page: number, limit: number, memberId?: bigint) {
  const direction = status === 'in_progress' ? 'asc' : 'desc';
  // The count reads the withdrawals' index alone (every withdrawal has its member: no join) and
  // stops past 1,000 rows: a decided status grows without bound.
  let base = db.selectFrom('withdrawals');
  if (status !== 'all') base = base.where('withdrawals.status', '=', status);
  if (memberId !== undefined) base = base.where('withdrawals.member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    // The page's ids from the index alone (page 1,000 walks index entries), then those rows (their members from the members port).
    db
      .selectFrom('withdrawals')
      .selectAll('withdrawals')
      .where('withdrawals.id', 'in', base.select('withdrawals.id').orderBy('withdrawals.created_at', direction).orderBy('withdrawals.id', direction).limit(limit).offset((page - 1) * limit))
      .orderBy('withdrawals.created_at', direction)
      .orderBy('withdrawals.id', direction)
      .execute(),
    cappedTotal(db, base, page, limit),
  ]);
  return { rows, ...total };
}

export async function linkHold(db: Db, withdrawalId: string, holdId: bigint): Promise<void> {
  await db.updateTable('withdrawals').set({ hold_id: holdId }).where('id', '=', withdrawalId).execute();
}

/**
 * The member's withdrawals not yet paid (a failed one comes back), as a scalar subquery a caller
 * puts in its own statement: read with other owners' figures, all come from one snapshot.
 */
export function unpaidSubquery(memberId: bigint) {
  return sql<string>`(SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE member_id = ${memberId} AND status = 'in_progress')`;
}

/** Every withdrawal not yet paid nor failed, with the ledger hold that keeps its money. */
export function inProgressHolds(db: Db) {
  return db.selectFrom('withdrawals').select(['id', 'hold_id', 'amount']).where('status', '=', 'in_progress').execute();
}

/** The operator's queue now: withdrawals waiting for a decision, and when the oldest was asked for. */
export async function queueState(db: Db): Promise<{ waiting: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => [eb.fn.countAll<string>().as('waiting'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'in_progress')
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), oldest: row.oldest ? new Date(row.oldest) : null };
}
