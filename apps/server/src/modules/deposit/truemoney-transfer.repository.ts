import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type WalletTransferRow = Selectable<Database['truemoney_transfers']>;
type Status = WalletTransferRow['status'];

/** False when this transaction was recorded before. */
export async function recordTransfer(
  db: Db,
  values: { transactionId: string; senderMobile: string; amount: bigint; status: Status; memberId: bigint | null; receivedAt: string },
): Promise<boolean> {
  const recorded = await db
    .insertInto('truemoney_transfers')
    .values({
      transaction_id: values.transactionId,
      sender_mobile: values.senderMobile,
      amount: values.amount,
      status: values.status,
      member_id: values.memberId,
      received_at: values.receivedAt,
    })
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .returning('transaction_id')
    .executeTakeFirst();
  return recorded !== undefined;
}

export function lockTransfer(db: Db, transactionId: string): Promise<WalletTransferRow | undefined> {
  return db.selectFrom('truemoney_transfers').selectAll().where('transaction_id', '=', transactionId).forUpdate().executeTakeFirst();
}

export function decideTransfer(db: Db, transactionId: string, decision: { status: Status; memberId?: bigint; reason?: string; decidedBy: string }): Promise<WalletTransferRow> {
  return db
    .updateTable('truemoney_transfers')
    .set({
      status: decision.status,
      decided_by: decision.decidedBy,
      ...(decision.memberId !== undefined ? { member_id: decision.memberId } : {}),
      ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
    })
    .where('transaction_id', '=', transactionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function waitingPage(db: Db, page: number, limit: number) {
  const base = db.selectFrom('truemoney_transfers').where('status', 'in', ['unmatched', 'below_minimum']);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('created_at').limit(limit).offset((page - 1) * limit).execute(),
    base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}
