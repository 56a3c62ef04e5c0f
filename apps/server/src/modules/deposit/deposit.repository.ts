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
        // A QR of our own is paid into the operator's account and read from its statement: no gateway knows it.
        .where('account_id', 'is', null)
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

/** A QR paid: a QR of our own also names the deposit it was credited as (a gateway's is found by its reference). */
export function markQrPaid(db: Db, id: string, depositId?: string): Promise<unknown> {
  return db
    .updateTable('deposit_qrcodes')
    .set({ status: 'paid', ...(depositId ? { deposit_id: depositId } : {}) })
    .where('id', '=', id)
    .execute();
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

/** The enabled bank-QR account of a method: the currency it takes, and its biller ID when its QRs are our own. */
export function bankQrAccount(db: Db, bankCode: string) {
  return db
    .selectFrom('deposit_accounts')
    .select(['id', 'currency', 'promptpay_biller_id'])
    .where('bank_code', '=', bankCode)
    .where('bank_type', '=', 'QR')
    .where('enabled', '=', true)
    .executeTakeFirst();
}

/**
 * The amounts from `from` to `to` (minor units) that unpaid QRs of the account still ask for: a QR
 * counts while it expired after `expiredAfter`, as its payment may come that late. Taken under the
 * account's row lock, so two members' QRs at once never ask for the same amount.
 */
export async function amountsAsked(trx: Db, accountId: bigint, range: { from: bigint; to: bigint; expiredAfter: Date }): Promise<Set<bigint>> {
  await trx.selectFrom('deposit_accounts').select('id').where('id', '=', accountId).forUpdate().execute();
  const rows = await trx
    .selectFrom('deposit_qrcodes')
    .select('amount')
    .where('account_id', '=', accountId)
    .where('status', '<>', 'paid')
    .where('amount', '>=', range.from)
    .where('amount', '<=', range.to)
    .where('expires_at', '>', range.expiredAfter)
    .execute();
  return new Set(rows.map((row) => BigInt(row.amount)));
}

/** How many unpaid QRs of the account the member still holds (each still counts until `expiredAfter` is past its expiry). */
export async function qrsHeld(trx: Db, accountId: bigint, memberId: bigint, expiredAfter: Date): Promise<number> {
  const row = await trx
    .selectFrom('deposit_qrcodes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', accountId)
    .where('member_id', '=', memberId)
    .where('status', '<>', 'paid')
    .where('expires_at', '>', expiredAfter)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The member's latest QR for a method, with the amount credited for it when it was paid. */
export function latestQr(db: Db, memberId: bigint, method: string) {
  return db
    .selectFrom('deposit_qrcodes as q')
    .leftJoin('deposits as d', (join) => join.on((eb) => eb.or([eb('d.external_ref', '=', sql<string>`'gateway:' || q.gateway_ref`), eb('d.id', '=', eb.ref('q.deposit_id'))])))
    .selectAll('q')
    .select('d.amount as credited')
    .where('q.member_id', '=', memberId)
    .where('q.method', '=', method)
    .orderBy('q.created_at', 'desc')
    .executeTakeFirst();
}

/**
 * One open QR per member and method, in the caller's transaction: the open one is cancelled (the
 * gateway's reference answered, for the gateway to be told) and the new one written.
 */
export async function replaceOpenQr(trx: Db, values: { id: string; memberId: bigint; method: string; amount: bigint; payload: string; gatewayRef: string; expiresAt: Date; accountId: bigint | null }) {
  const replaced = await trx
    .updateTable('deposit_qrcodes')
    .set({ status: 'cancelled' })
    .where('member_id', '=', values.memberId)
    .where('method', '=', values.method)
    .where('status', '=', 'open')
    .returning(['gateway_ref', 'account_id'])
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
      account_id: values.accountId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, replacedGatewayRefs: replaced.flatMap((qr) => (qr.account_id === null ? [qr.gateway_ref] : [])) };
}

/** Cancels the member's own open QR: whether there was one, and the gateway's reference when a gateway issued it. */
export async function cancelOpenQr(db: Db, memberId: bigint, qrcodeId: string): Promise<{ gatewayRef: string | null } | undefined> {
  const cancelled = await db
    .updateTable('deposit_qrcodes')
    .set({ status: 'cancelled' })
    .where('id', '=', qrcodeId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .returning(['gateway_ref', 'account_id'])
    .executeTakeFirst();
  return cancelled && { gatewayRef: cancelled.account_id === null ? cancelled.gateway_ref : null };
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
