import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * The reconciler's share of QRs not known paid: issued before `createdBefore`, not expired
 * before `expiredAfter`, not asked about since `checkedBefore`. Claimed (checked_at) in the same
 * statement, so reconcilers on several nodes ask about different ones.
 */
export function claimUnpaidQrs(db: Db, window: { createdBefore: Date; expiredAfter: Date; checkedBefore: Date; at: Date; limit: number }) {
  return db
    .updateTable('deposit_qrcodes')
    .set({ checked_at: window.at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('deposit_qrcodes')
        .select('id')
        .where('status', '!=', 'paid')
        .where('created_at', '<', window.createdBefore)
        .where('expires_at', '>', window.expiredAfter)
        .where((inner) => inner.or([inner('checked_at', 'is', null), inner('checked_at', '<', window.checkedBefore)]))
        .orderBy('created_at')
        .limit(window.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/** A deposit row, once per outside reference; undefined when that reference was recorded before. */
export function insertDeposit(db: Db, values: { memberId: bigint; method: string; amount: bigint; externalRef: string; reference?: string }) {
  return db
    .insertInto('deposits')
    // A deposit credited for a notice keeps the notice's reference; any other gets a fresh one (the column's default).
    .values({ member_id: values.memberId, method: values.method, amount: values.amount, external_ref: values.externalRef, ...(values.reference ? { reference: values.reference } : {}) })
    .onConflict((oc) => oc.column('external_ref').doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
}

/** False when this webhook event was handled before. */
export async function firstDelivery(db: Db, eventId: string): Promise<boolean> {
  const fresh = await db.insertInto('webhook_events').values({ event_id: eventId }).onConflict((oc) => oc.doNothing()).returning('event_id').executeTakeFirst();
  return fresh !== undefined;
}

export type QrRow = Selectable<Database['deposit_qrcodes']>;

export function markQrPaid(db: Db, id: string): Promise<unknown> {
  return db.updateTable('deposit_qrcodes').set({ status: 'paid' }).where('id', '=', id).execute();
}

/** The operator's enabled accounts members pay into, in the order members see them. */
export function listDepositAccounts(db: Db) {
  return db
    .selectFrom('deposit_accounts')
    .select(['bank_code', 'bank_type', 'mode', 'currency', 'account_name', 'account_no'])
    .where('enabled', '=', true)
    .orderBy('sort_order')
    .execute();
}

/** The operator's enabled TrueMoney wallets members pay into. */
export function listDepositWallets(db: Db) {
  return db
    .selectFrom('deposit_wallets')
    .select(['mode', 'wallet_account_name', 'account_no'])
    .where('enabled', '=', true)
    .orderBy('sort_order')
    .execute();
}

/** The currency an enabled bank-QR account takes, or undefined when there is none. */
export async function bankQrCurrency(db: Db, bankCode: string): Promise<string | undefined> {
  const row = await db.selectFrom('deposit_accounts').select('currency').where('bank_code', '=', bankCode).where('bank_type', '=', 'QR').where('enabled', '=', true).executeTakeFirst();
  return row?.currency;
}

/** The member's latest QR for a method, with the amount credited for it when it was paid. */
export function latestQr(db: Db, memberId: bigint, method: string) {
  return db
    .selectFrom('deposit_qrcodes as q')
    .leftJoin('deposits as d', (join) => join.on('d.external_ref', '=', sql<string>`'gateway:' || q.gateway_ref`))
    .selectAll('q')
    .select('d.amount as credited')
    .where('q.member_id', '=', memberId)
    .where('q.method', '=', method)
    .orderBy('q.created_at', 'desc')
    .executeTakeFirst();
}

/** One open QR per member and method, in the caller's transaction: the open one is cancelled (its gateway reference answered) and the new one written. */
export async function replaceOpenQr(trx: Db, values: { id: string; memberId: bigint; method: string; amount: bigint; payload: string; gatewayRef: string; expiresAt: Date }) {
  const replaced = await trx
    .updateTable('deposit_qrcodes')
    .set({ status: 'cancelled' })
    .where('member_id', '=', values.memberId)
    .where('method', '=', values.method)
    .where('status', '=', 'open')
    .returning('gateway_ref')
    .execute();
  const row = await trx
    .insertInto('deposit_qrcodes')
    .values({
      id: values.id,
      member_id: values.memberId,
      method: values.method,
      amount: values.amount,
      payload: values.payload,
      gateway_ref: values.gatewayRef,
      expires_at: values.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, replacedGatewayRefs: replaced.map((qr) => qr.gateway_ref) };
}

/** Cancels the member's own open QR; its gateway reference, or undefined when there is none. */
export async function cancelOpenQr(db: Db, memberId: bigint, qrcodeId: string): Promise<string | undefined> {
  const cancelled = await db
    .updateTable('deposit_qrcodes')
    .set({ status: 'cancelled' })
    .where('id', '=', qrcodeId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .returning('gateway_ref')
    .executeTakeFirst();
  return cancelled?.gateway_ref;
}

export function qrByGatewayRef(db: Db, gatewayRef: string): Promise<QrRow | undefined> {
  return db.selectFrom('deposit_qrcodes').selectAll().where('gateway_ref', '=', gatewayRef).executeTakeFirst();
}

/** The member's credited deposits since `since` (all of them when null), summed. */
export async function depositTotalSince(db: Db, memberId: bigint, since: Date | null): Promise<bigint> {
  let query = db.selectFrom('deposits').select((eb) => eb.fn.sum<string>('amount').as('total')).where('member_id', '=', memberId);
  if (since) query = query.where('created_at', '>', since);
  const row = await query.executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

export async function depositCount(db: Db, memberId: bigint): Promise<number> {
  const row = await db.selectFrom('deposits').select((eb) => eb.fn.countAll<string>().as('count')).where('member_id', '=', memberId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Many deposits' amounts in one query, by id. */
export function depositAmounts(db: Db, depositIds: readonly string[]) {
  if (depositIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('deposits').select(['id', 'amount']).where('id', 'in', [...new Set(depositIds)]).execute();
}
