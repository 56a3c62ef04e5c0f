import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import QRCode from 'qrcode';
import { GATEWAY_QR_MINIMUM_BAHT, type QrRecord, toMajor, toMinor } from '@wallet/contract';
import type { PaymentGateway } from '../../adapters/payment-gateway.js';
import { sql } from 'kysely';
import { type Db, isUniqueViolation } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { MemberContext } from '../auth/auth.service.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import * as repo from './deposit.repository.js';

const QR_LIFETIME_MS = 15 * 60_000;
/** Payment-gateway QRs (SPEC §5: minimum 100); bank QRs come from the operator's deposit accounts. */
export const GATEWAY_METHODS = ['WW', 'ZAPMAN'] as const;

/** A payment can reach the gateway until its QR expires; its webhook may be lost for a while after. */
const LATE_PAYMENT_WINDOW_MS = 60 * 60_000;

type QrRow = Selectable<Database['deposit_qrcodes']>;

export function createDepositService(deps: {
  db: Db;
  ledger: Ledger;
  gateway: PaymentGateway;
  now: () => Date;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** QRs are asked about once this old, and again this long after the last question. */
  reconcileAfterMs: number;
}) {
  const { db, ledger } = deps;

  /**
   * Credits a QR's payment once per gateway reference (deposit row, ledger post, QR marked paid),
   * in the caller's transaction; false when it was credited before.
   */
  async function creditPayment(trx: Db, qr: QrRow, gatewayRef: string, paid: bigint): Promise<boolean> {
    const deposit = await trx
      .insertInto('deposits')
      .values({ member_id: qr.member_id, method: qr.method, amount: paid, external_ref: `gateway:${gatewayRef}` })
      .onConflict((oc) => oc.column('external_ref').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!deposit) return false;
    await ledger.post(
      { key: `deposit:gateway:${gatewayRef}`, from: accounts.depositClearing(qr.method), to: accounts.wallet(qr.member_id), amount: paid, kind: 'deposit', reference: deposit.id },
      trx,
    );
    await trx.updateTable('deposit_qrcodes').set({ status: 'paid' }).where('id', '=', qr.id).execute();
    return true;
  }

  async function minimumFor(method: string): Promise<bigint | null> {
    if ((GATEWAY_METHODS as readonly string[]).includes(method)) return toMinor(GATEWAY_QR_MINIMUM_BAHT)!;
    const bankQr = await db.selectFrom('deposit_accounts').select('id').where('bank_code', '=', method).where('bank_type', '=', 'QR').where('enabled', '=', true).executeTakeFirst();
    return bankQr ? toMinor(1)! : null;
  }

  async function toRecord(row: { id: string; amount: bigint; payload: string; expires_at: Date }): Promise<QrRecord> {
    return {
      hasQrcode: true,
      qrcodeId: row.id,
      qrcode: await QRCode.toString(row.payload, { type: 'svg', margin: 1 }),
      payload: row.payload,
      amount: toMajor(row.amount),
      expireIn: row.expires_at.getTime(),
    };
  }

  /** Tells the gateway to refuse payments for QRs we no longer show; a payment already under way is still credited. */
  async function cancelAtGateway(gatewayRefs: string[]): Promise<void> {
    for (const gatewayRef of gatewayRefs) {
      await deps.gateway.cancelQr(gatewayRef).catch((error: unknown) => deps.log.warn({ err: error, gatewayRef }, 'QR cancellation at the gateway failed'));
    }
  }

  return {
    /**
     * The member's open QR for a method, if it has not expired. When the latest QR was paid, the
     * answer says so with the amount credited, so the screen showing it can tell the member.
     */
    async current(context: MemberContext, method: string): Promise<QrRecord> {
      const row = await db
        .selectFrom('deposit_qrcodes as q')
        .leftJoin('deposits as d', (join) => join.on('d.external_ref', '=', sql<string>`'gateway:' || q.gateway_ref`))
        .selectAll('q')
        .select('d.amount as credited')
        .where('q.member_id', '=', context.memberId)
        .where('q.method', '=', method)
        .orderBy('q.created_at', 'desc')
        .executeTakeFirst();
      if (row?.status === 'open' && row.expires_at > deps.now()) return toRecord(row);
      if (row?.status === 'paid' && row.credited !== null) return { hasQrcode: false, paid: { qrcodeId: row.id, amount: toMajor(row.credited) } };
      return { hasQrcode: false };
    },

    /** One open QR per member and method: a new one replaces the old (DESIGN §6). */
    async create(context: MemberContext, method: string, amountBaht: number): Promise<QrRecord> {
      const minimum = await minimumFor(method);
      if (minimum === null) return { hasQrcode: false, message: 'QR_FAIL' };
      const amount = toMinor(amountBaht)!;
      if (amount < minimum) return { hasQrcode: false, message: 'DEPOSIT_MINIMUM' };
      const id = crypto.randomUUID();
      const expiresAt = new Date(deps.now().getTime() + QR_LIFETIME_MS);
      let issued;
      try {
        issued = await deps.gateway.createQr({ method, amount, reference: id, expiresAt });
      } catch (error) {
        deps.log.warn({ err: error, method }, 'QR creation failed at the gateway');
        return { hasQrcode: false, message: 'QR_FAIL' };
      }
      const { row, replaced } = await db.transaction().execute(async (trx) => {
        const replaced = await trx
          .updateTable('deposit_qrcodes')
          .set({ status: 'cancelled' })
          .where('member_id', '=', context.memberId)
          .where('method', '=', method)
          .where('status', '=', 'open')
          .returning('gateway_ref')
          .execute();
        const row = await trx
          .insertInto('deposit_qrcodes')
          .values({ id, member_id: context.memberId, method, amount, payload: issued.payload, gateway_ref: issued.gatewayRef, expires_at: expiresAt })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { row, replaced };
      });
      await cancelAtGateway(replaced.map((qr) => qr.gateway_ref));
      return toRecord(row);
    },

    async cancel(context: MemberContext, qrcodeId: string): Promise<void> {
      const cancelled = await db
        .updateTable('deposit_qrcodes')
        .set({ status: 'cancelled' })
        .where('id', '=', qrcodeId)
        .where('member_id', '=', context.memberId)
        .where('status', '=', 'open')
        .returning('gateway_ref')
        .executeTakeFirst();
      if (!cancelled) throw notFound('NO_DATA');
      await cancelAtGateway([cancelled.gateway_ref]);
    },

    /**
     * A payment the gateway reports (already authenticated). Credits the wallet once per gateway
     * reference, even for a QR the member cancelled meanwhile: the money did arrive.
     */
    async paymentReceived(event: { eventId: string; gatewayRef: string; amount: number }): Promise<'credited' | 'duplicate' | 'unknown'> {
      const qr = await db.selectFrom('deposit_qrcodes').selectAll().where('gateway_ref', '=', event.gatewayRef).executeTakeFirst();
      if (!qr) return 'unknown';
      const paid = BigInt(event.amount);
      if (paid !== qr.amount) deps.log.warn({ gatewayRef: event.gatewayRef, paid: String(paid), asked: String(qr.amount) }, 'paid amount differs from the QR');
      try {
        return await db.transaction().execute(async (trx) => {
          const fresh = await trx.insertInto('webhook_events').values({ event_id: event.eventId }).onConflict((oc) => oc.doNothing()).returning('event_id').executeTakeFirst();
          if (!fresh) return 'duplicate' as const;
          return (await creditPayment(trx, qr, event.gatewayRef, paid)) ? ('credited' as const) : ('duplicate' as const);
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },

    /**
     * The reconciler's sweep: asks the gateway, by our reference, about each recent QR not known
     * paid, and credits the payments whose webhook never arrived (a crash, a lost delivery).
     * Safe on several nodes: QRs are claimed, and the credit is keyed by the gateway reference.
     */
    async reconcile(): Promise<{ asked: number; credited: number }> {
      const now = deps.now().getTime();
      const qrs = await repo.claimUnpaidQrs(db, {
        createdBefore: new Date(now - deps.reconcileAfterMs),
        expiredAfter: new Date(now - LATE_PAYMENT_WINDOW_MS),
        checkedBefore: new Date(now - deps.reconcileAfterMs),
        at: new Date(now),
        limit: 200,
      });
      let credited = 0;
      for (const qr of qrs) {
        let payment;
        try {
          payment = await deps.gateway.paymentStatus(qr.id);
        } catch (error) {
          deps.log.warn({ err: error, qrcodeId: qr.id }, 'gateway payment status unavailable; asked again next round');
          continue;
        }
        if (payment.status !== 'paid') continue;
        if (payment.gatewayRef !== qr.gateway_ref) {
          deps.log.warn({ qrcodeId: qr.id, gatewayRef: payment.gatewayRef }, 'gateway names another payment reference for this QR; left for an operator');
          continue;
        }
        if (await db.transaction().execute((trx) => creditPayment(trx, qr, payment.gatewayRef, payment.amount))) credited += 1;
      }
      if (credited) deps.log.info({ asked: qrs.length, credited }, 'credited QR payments the webhook had not delivered');
      return { asked: qrs.length, credited };
    },
  };
}
export type DepositService = ReturnType<typeof createDepositService>;
