import crypto from 'node:crypto';
import { generate } from 'promptparse';
import QRCode from 'qrcode';
import { type CurrencyCode, GATEWAY_QR_MINIMUM_BAHT, type Minor, type QrRecord, isPayableIn, minorOf, toMajor } from '@wallet/contract';
import type { PaymentGateway } from '../../adapters/payment-gateway.js';
import { type Db, isUniqueViolation } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import type { MemberContext } from '../../http/context.js';
import { type SettingsService, moneyRules } from '../settings/settings.service.js';
import type { DepositCredit } from './deposit-credit.js';
import * as repo from './deposit.repository.js';

const QR_LIFETIME_MS = 15 * 60_000;

/**
 * The payment time a gateway gave, when it reads as one; it is only measured (the credit delay), so
 * a missing or unreadable one never refuses the payment.
 */
export function timeOf(value: unknown): Date | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
/** A refusal as the QR call answers it (SPEC's shape): the code, and a limit's name and reset time. */
const refusedQr = (refusal: AppError): QrRecord => ({ hasQrcode: false, message: refusal.code, ...refusal.details });

/** Payment-gateway QRs (SPEC §5: minimum 100); bank QRs come from the operator's deposit accounts. */
export const GATEWAY_METHODS = ['WW', 'ZAPMAN'] as const;

/** A payment can reach the gateway until its QR expires; its webhook may be lost for a while after. */
const LATE_PAYMENT_WINDOW_MS = 60 * 60_000;
/**
 * A bank does not know our QR's expiry: a QR of our own is still known by its amount this long
 * after it, and keeps its amount from other QRs until then. A payment later still is credited by its
 * reference, or by its sender's registered account as any transfer (ADR 0410).
 */
export const OWN_QR_LATE_PAYMENT_MS = 10 * 60_000;
/**
 * A QR of our own asks for up to this many satang more than the member typed, so that no two unpaid
 * QRs of one account ask for the same amount: a statement line without the QR's reference is then
 * known by its amount (ADR 0410).
 */
const OWN_QR_AMOUNT_STEPS = 100n;
/**
 * Each QR of our own keeps its amount from others for as long as its payment may come, so one member
 * holds at most this many at a time: no one can take every amount near a popular one by asking
 * again and again.
 */
const OWN_QRS_HELD_MAX = 5;

/** The bill-payment reference (ref1: A–Z, 0–9, up to 20) a QR of our own carries, from its id. */
const ownQrReference = (id: string) => `Q${id.replace(/-/g, '').toUpperCase().slice(0, 19)}`;

export function createDepositService(deps: {
  db: Db;
  deposits: Pick<DepositCredit, 'credit' | 'refusal'>;
  gateway: PaymentGateway;
  settings: Pick<SettingsService, 'site'>;
  now: () => Date;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** QRs are asked about once this old, and again this long after the last question. */
  reconcileAfterMs: number;
}) {
  const { db } = deps;

  /**
   * Credits a QR's payment once per gateway reference (deposit row, ledger post, QR marked paid),
   * in the caller's transaction; false when it was credited before.
   */
  async function creditPayment(trx: Db, qr: repo.QrRow, gatewayRef: string, paid: bigint, paidAt: Date | undefined): Promise<boolean> {
    const credited = await deps.deposits.credit(trx, { memberId: qr.member_id, method: qr.method, amount: paid, externalRef: `gateway:${gatewayRef}`, paidAt: paidAt ?? qr.created_at });
    if (!credited) return false;
    await repo.markQrPaid(trx, qr.id);
    return true;
  }

  /**
   * What a QR of this method is, for a member paying in `currency`: the least it takes, and the
   * operator's account when the QR is our own (read from that account's statement, no gateway);
   * null when the method takes no money in that currency.
   */
  async function qrMethod(method: string, currency: CurrencyCode): Promise<{ minimum: bigint; own: { accountId: bigint; billerId: string } | null } | null> {
    if ((GATEWAY_METHODS as readonly string[]).includes(method)) return currency === 'THB' ? { minimum: minorOf(GATEWAY_QR_MINIMUM_BAHT), own: null } : null;
    const account = await repo.bankQrAccount(db, method);
    if (account?.currency !== currency) return null;
    const minimum = minorOf(moneyRules(await deps.settings.site(), currency).depositMinimum);
    return { minimum, own: account.promptpay_biller_id === null ? null : { accountId: account.id, billerId: account.promptpay_biller_id } };
  }

  /**
   * A QR of our own, in the caller's transaction: the first amount from the member's up that no other
   * unpaid QR of the account asks for (QR_FAIL when a hundred in a row are asked; REQUEST_LIMIT when
   * the member holds too many), as a PromptPay bill payment to the operator's biller ID carrying the
   * QR's reference.
   */
  async function ownQr(trx: Db, own: { accountId: bigint; billerId: string }, memberId: bigint, id: string, typed: bigint): Promise<{ amount: bigint; payload: string; gatewayRef: string } | AppError> {
    const expiredAfter = new Date(deps.now().getTime() - OWN_QR_LATE_PAYMENT_MS);
    const asked = await repo.amountsAsked(trx, own.accountId, { from: typed, to: typed + OWN_QR_AMOUNT_STEPS - 1n, expiredAfter });
    if ((await repo.qrsHeld(trx, own.accountId, memberId, expiredAfter)) >= OWN_QRS_HELD_MAX) return new AppError('REQUEST_LIMIT', 429);
    let amount = typed;
    while (asked.has(amount)) amount += 1n;
    if (amount >= typed + OWN_QR_AMOUNT_STEPS) return new AppError('QR_FAIL', 409);
    const gatewayRef = ownQrReference(id);
    return { amount, gatewayRef, payload: generate.billPayment({ billerId: own.billerId, amount: toMajor(amount), ref1: gatewayRef }) };
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
      const row = await repo.latestQr(db, context.memberId, method);
      if (row?.status === 'open' && row.expires_at > deps.now()) return toRecord(row);
      if (row?.status === 'paid' && row.credited !== null) return { hasQrcode: false, paid: { qrcodeId: row.id, amount: toMajor(row.credited) } };
      return { hasQrcode: false };
    },

    /**
     * One open QR per member and method: a new one replaces the old (DESIGN §6). A gateway issues it,
     * or, for an account with a biller ID, we do (ADR 0410).
     */
    async create(context: MemberContext, method: string, amount: Minor): Promise<QrRecord> {
      const kind = await qrMethod(method, context.currency);
      if (kind === null) return { hasQrcode: false, message: 'QR_FAIL' };
      if (amount < kind.minimum) return { hasQrcode: false, message: 'DEPOSIT_MINIMUM' };
      if (!isPayableIn(context.currency, amount)) return { hasQrcode: false, message: 'KEY_INVALID' };
      const refused = await deps.deposits.refusal(db, context.memberId, { amount, replacingMethod: method });
      if (refused) return refusedQr(refused);
      const id = crypto.randomUUID();
      const expiresAt = new Date(deps.now().getTime() + QR_LIFETIME_MS);
      let issued: { gatewayRef: string; payload: string } | undefined;
      if (!kind.own) {
        try {
          issued = await deps.gateway.createQr({ method, amount, currency: context.currency, reference: id, expiresAt });
        } catch (error) {
          deps.log.warn({ err: error, method }, 'QR creation failed at the gateway');
          return { hasQrcode: false, message: 'QR_FAIL' };
        }
      }
      // Asked again under the gates' locks, with the QR written in the same transaction: two QRs at
      // once cannot both pass a deposit limit.
      const written = await db.transaction().execute(async (trx) => {
        const qr = issued ? { ...issued, amount } : await ownQr(trx, kind.own!, context.memberId, id, amount);
        if (qr instanceof AppError) return qr;
        const refusedNow = await deps.deposits.refusal(trx, context.memberId, { amount: qr.amount, replacingMethod: method });
        if (refusedNow) return refusedNow;
        return repo.replaceOpenQr(trx, { id, memberId: context.memberId, method, ...qr, expiresAt, accountId: kind.own?.accountId ?? null });
      });
      if (written instanceof AppError) {
        if (issued) await cancelAtGateway([issued.gatewayRef]);
        return refusedQr(written);
      }
      const { row, replacedGatewayRefs } = written;
      await cancelAtGateway(replacedGatewayRefs);
      return toRecord(row);
    },

    async cancel(context: MemberContext, qrcodeId: string): Promise<void> {
      const cancelled = await repo.cancelOpenQr(db, context.memberId, qrcodeId);
      if (cancelled === undefined) throw notFound('NO_DATA');
      if (cancelled.gatewayRef !== null) await cancelAtGateway([cancelled.gatewayRef]);
    },

    /**
     * A payment the gateway reports (already authenticated). Credits the wallet once per gateway
     * reference, even for a QR the member cancelled meanwhile: the money did arrive.
     */
    async paymentReceived(event: { eventId: string; gatewayRef: string; amount: number; paidAt?: unknown }): Promise<'credited' | 'duplicate' | 'unknown'> {
      const qr = await repo.qrByGatewayRef(db, event.gatewayRef);
      // A QR of our own is paid into the operator's account, never through a gateway.
      if (!qr || qr.account_id !== null) return 'unknown';
      const paid = BigInt(event.amount);
      if (paid !== qr.amount) deps.log.warn({ gatewayRef: event.gatewayRef, paid: String(paid), asked: String(qr.amount) }, 'paid amount differs from the QR');
      try {
        return await db.transaction().execute(async (trx) => {
          if (!(await repo.firstDelivery(trx, event.eventId))) return 'duplicate' as const;
          return (await creditPayment(trx, qr, event.gatewayRef, paid, timeOf(event.paidAt))) ? ('credited' as const) : ('duplicate' as const);
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
        if (await db.transaction().execute((trx) => creditPayment(trx, qr, payment.gatewayRef, payment.amount, payment.paidAt))) credited += 1;
      }
      if (credited) deps.log.info({ asked: qrs.length, credited }, 'credited QR payments the webhook had not delivered');
      return { asked: qrs.length, credited };
    },
  };
}
export type DepositService = ReturnType<typeof createDepositService>;
