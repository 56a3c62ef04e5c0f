import crypto from 'node:crypto';
import { generate } from 'promptparse';
import { sql } from 'kysely';
import { z } from 'zod';
import { MINOR_PER_MAJOR, isPayableIn, toMajor } from '@wallet/contract';
import { deliverSignedWebhook } from '../adapters/payment-gateway.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/types.js';
import { laoQrPayload } from './lao-qr.js';

/** The operator's biller ID at the sandbox bank (15 digits, PAYMENTS.md tag 30). */
export const SANDBOX_BILLER_ID = '010555012345601';
/** The operator's receiving account at the sandbox's Lao bank (LAO QR tag 38). */
const SANDBOX_LAO_BANK_IIN = '27710418';
const SANDBOX_LAO_RECEIVER = '0101000123456';

/**
 * When the gateway sends a webhook again after a delivery that failed (no answer, a timeout, or an
 * answer other than 2xx): real gateways retry with growing gaps for hours, with the same event.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000] as const;

/** The sandbox gateway's fee by default: 1.50 % of the gross, rounded half up to the minor unit. */
export const DEFAULT_FEE_BASIS_POINTS = 150;

const faults = z.object({
  // How long the gateway takes to send its webhook after recording a payment.
  webhookDelayMs: z.number().int().min(0).max(30_000).default(0),
  // The gaps between a failed delivery and the next attempt; the last one failing ends the retries.
  webhookRetryDelaysMs: z.array(z.number().int().min(0).max(3_600_000)).max(10).default([...WEBHOOK_RETRY_DELAYS_MS]),
  // The next n deliveries count as failed whatever our server answered: its answer "timed out" on
  // the way back, so the gateway sends the same event again, as real ones do.
  loseWebhookAnswers: z.number().int().min(0).max(10).default(0),
  // The next n payments are taken but their webhook is never sent: paid at the gateway, unknown to us.
  withholdWebhooks: z.number().int().min(0).max(100).default(0),
  // The settlement report (GET /api/settlements): the fee rate it charges, in hundredths of a percent.
  feeBasisPoints: z.number().int().min(0).max(10_000).default(DEFAULT_FEE_BASIS_POINTS),
  // A different fee, in minor units, for the given gateway references.
  settlementFees: z.record(z.string(), z.number().int().min(0)).default({}),
  // Payments (by gateway reference) the report leaves out.
  settlementDrop: z.array(z.string()).max(100).default([]),
  // Payment lines the report carries for references the gateway never issued a QR for.
  settlementExtraLines: z
    .array(z.object({ reference: z.string().min(1), amount: z.number().int().positive(), currency: z.enum(['THB', 'LAK']).default('THB'), minutesAgo: z.number().int().min(0).default(0) }))
    .max(100)
    .default([]),
  // The net the report says was paid out differs from what its lines add up to by this much (minor units).
  settlementNetOffBy: z.number().int().default(0),
  // The report cannot be had (503), as when the gateway's reporting is down.
  settlementUnavailable: z.boolean().default(false),
});

const feeOf = (gross: bigint, basisPoints: number) => (gross * BigInt(basisPoints) + 5_000n) / 10_000n;

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
const dateIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const settlementQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  timeZone: z.string().default('Asia/Bangkok'),
  currency: z.enum(['THB', 'LAK']).default('THB'),
});

/** A line of the settlement report; amounts in minor units, a refund's negative. */
interface SettlementLine {
  gatewayRef: string;
  reference: string;
  type: 'payment' | 'refund';
  gross: number;
  fee: number;
  net: number;
  currency: string;
  paidAt: string;
}

/** One attempt to deliver a payment's webhook, as the sandbox saw it. */
interface Delivery {
  eventId: string;
  /** Our server's answer, 0 when none came. */
  status: number;
  /** The answer never reached the gateway (the `loseWebhookAnswers` fault). */
  lost: boolean;
}

/**
 * The stand-in payment gateway (DESIGN §7): issues PromptPay bill-payment QRs, and when a tester
 * "pays" one it calls our webhook, signed, exactly as a real gateway would, and, as a real one
 * does, sends the same event again with backoff until a delivery is answered 2xx:
 * the product must take a repeated webhook and credit once.
 */
export function registerGatewaySandbox(app: App, db: Db, options: { webhookUrl: () => string; webhookSecret: string }): void {
  let fault = faults.parse({});
  // Extra lines are dated from when the faults were set, so asking twice shows the same lines.
  let faultsSetAt = Date.now();
  const deliveries = new Map<string, Delivery[]>();
  const retries = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of retries) clearTimeout(timer);
    retries.clear();
  });
  app.put('/sandbox/gateway/faults', { schema: { hide: true, body: faults } }, async (request) => {
    fault = request.body;
    faultsSetAt = Date.now();
    return fault;
  });
  // What the gateway sent for a payment, and what it saw come back (for tests and testers).
  app.get('/sandbox/gateway/deliveries', { schema: { hide: true, querystring: z.object({ gatewayRef: z.string() }) } }, async (request) => ({
    deliveries: deliveries.get(request.query.gatewayRef) ?? [],
  }));

  /** One delivery of the event; a failed one schedules the next after the attempt's gap. */
  async function deliver(gatewayRef: string, event: object & { eventId: string }, attempt: number): Promise<Delivery> {
    let status = 0;
    try {
      status = (await deliverSignedWebhook(options.webhookUrl(), options.webhookSecret, event)).status;
    } catch {
      // No answer at all (our server down or unreachable): the same as a failure.
    }
    const lost = fault.loseWebhookAnswers > 0;
    if (lost) fault = { ...fault, loseWebhookAnswers: fault.loseWebhookAnswers - 1 };
    const delivery = { eventId: event.eventId, status, lost };
    deliveries.set(gatewayRef, [...(deliveries.get(gatewayRef) ?? []), delivery]);
    const failed = lost || status < 200 || status >= 300;
    const gap = fault.webhookRetryDelaysMs[attempt];
    if (failed && gap !== undefined) {
      const timer = setTimeout(() => {
        retries.delete(timer);
        void deliver(gatewayRef, event, attempt + 1).catch((error: unknown) => app.log.warn({ err: error }, 'sandbox gateway: webhook retry failed'));
      }, gap);
      timer.unref();
      retries.add(timer);
    }
    return delivery;
  }

  app.post(
    '/sandbox/gateway/api/qrs',
    {
      schema: {
        hide: true,
        body: z.object({ method: z.string(), amount: z.number().int().positive(), currency: z.enum(['THB', 'LAK']).default('THB'), reference: z.string().uuid(), expiresAt: z.string() }),
      },
    },
    async (request, reply) => {
      const { method, amount, currency, reference } = request.body;
      // Lao banking apps take whole kip only (PAYMENTS.md): a QR for part of a kip cannot be paid.
      if (!isPayableIn(currency, BigInt(amount))) return reply.status(422).send({ error: 'AMOUNT_NOT_WHOLE_KIP' });
      const gatewayRef = `GW${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
      const payload =
        currency === 'LAK'
          ? laoQrPayload({ bankIin: SANDBOX_LAO_BANK_IIN, receiverId: SANDBOX_LAO_RECEIVER, amountKip: BigInt(amount) / MINOR_PER_MAJOR, billNumber: gatewayRef })
          : generate.billPayment({ billerId: SANDBOX_BILLER_ID, amount: toMajor(BigInt(amount)), ref1: gatewayRef.slice(0, 20), ref2: method });
      await db.insertInto('sandbox_gateway_qrs').values({ gateway_ref: gatewayRef, reference, method, amount: BigInt(amount), currency, payload }).execute();
      return { gatewayRef, payload };
    },
  );

  app.post('/sandbox/gateway/api/qrs/:gatewayRef/cancel', { schema: { hide: true, params: z.object({ gatewayRef: z.string() }) } }, async (request, reply) => {
    const cancelled = await db
      .updateTable('sandbox_gateway_qrs')
      .set({ cancelled_at: new Date() })
      .where('gateway_ref', '=', request.params.gatewayRef)
      .where('paid_at', 'is', null)
      .executeTakeFirst();
    if (cancelled.numUpdatedRows === 0n) return reply.status(409).send({ error: 'QR_NOT_CANCELLABLE' });
    return { cancelled: true };
  });

  // A payment looked up by the merchant's own reference, as gateways offer for reconciliation.
  app.get('/sandbox/gateway/api/qrs', { schema: { hide: true, querystring: z.object({ reference: z.string() }) } }, async (request, reply) => {
    const qr = await db.selectFrom('sandbox_gateway_qrs').selectAll().where('reference', '=', request.query.reference).executeTakeFirst();
    if (!qr) return reply.status(404).send({ error: 'QR_NOT_FOUND' });
    return { gatewayRef: qr.gateway_ref, reference: qr.reference, status: qr.paid_at ? 'PAID' : 'PENDING', amount: Number(qr.amount), paidAt: qr.paid_at?.toISOString() ?? null };
  });

  app.post('/sandbox/gateway/pay', { schema: { hide: true, body: z.object({ qrcodeId: z.string().uuid() }) } }, async (request, reply) => {
    const qr = await db.selectFrom('sandbox_gateway_qrs').selectAll().where('reference', '=', request.body.qrcodeId).executeTakeFirst();
    if (!qr) return reply.status(404).send({ error: 'QR_NOT_FOUND' });
    // A cancelled QR can no longer be paid: the banking app is told so (real gateways do the same).
    if (qr.cancelled_at) return reply.status(409).send({ error: 'QR_CANCELLED' });
    await db.updateTable('sandbox_gateway_qrs').set({ paid_at: new Date() }).where('gateway_ref', '=', qr.gateway_ref).execute();
    if (fault.withholdWebhooks > 0) {
      fault = { ...fault, withholdWebhooks: fault.withholdWebhooks - 1 };
      return { paid: true, webhookStatus: 0, withheld: true };
    }
    if (fault.webhookDelayMs) await new Promise((resolve) => setTimeout(resolve, fault.webhookDelayMs));
    // Every attempt carries the same event: its id is how a receiver recognises a repeat.
    const event = { eventId: crypto.randomUUID(), gatewayRef: qr.gateway_ref, amount: Number(qr.amount), paidAt: new Date().toISOString() };
    const delivered = await deliver(qr.gateway_ref, event, 0);
    return { paid: true, webhookStatus: delivered.status };
  });

  // A tester refunds a paid QR's payment to the payer (outside our product): the report shows it.
  app.post('/sandbox/gateway/refunds', { schema: { hide: true, body: z.object({ gatewayRef: z.string() }) } }, async (request, reply) => {
    const refunded = await db
      .updateTable('sandbox_gateway_qrs')
      .set({ refunded_at: new Date() })
      .where('gateway_ref', '=', request.body.gatewayRef)
      .where('paid_at', 'is not', null)
      .where('refunded_at', 'is', null)
      .executeTakeFirst();
    if (refunded.numUpdatedRows === 0n) return reply.status(409).send({ error: 'NOT_REFUNDABLE' });
    return { refunded: true };
  });

  /**
   * The settlement report of one day in a time zone, for one currency: each payment with its fee
   * and net, each refund (its amounts negative, no fee returned), and what the gateway paid out to
   * the operator for the day. The faults make it disagree with what happened.
   */
  app.get('/sandbox/gateway/api/settlements', { schema: { hide: true, querystring: settlementQuery } }, async (request, reply) => {
    const { date, timeZone, currency } = request.query;
    if (fault.settlementUnavailable) return reply.status(503).send({ error: 'REPORT_UNAVAILABLE' });
    if (!isTimeZone(timeZone)) return reply.status(400).send({ error: 'TIME_ZONE_INVALID' });
    const localDate = (column: 'paid_at' | 'refunded_at') => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
    const [paid, refunded] = await Promise.all([
      db.selectFrom('sandbox_gateway_qrs').selectAll().where('currency', '=', currency).where(localDate('paid_at'), '=', date).orderBy('paid_at').execute(),
      db.selectFrom('sandbox_gateway_qrs').selectAll().where('currency', '=', currency).where(localDate('refunded_at'), '=', date).orderBy('refunded_at').execute(),
    ]);
    const payment = (gatewayRef: string, reference: string, gross: bigint, paidAt: Date): SettlementLine => {
      const fee = fault.settlementFees[gatewayRef] !== undefined ? BigInt(fault.settlementFees[gatewayRef]!) : feeOf(gross, fault.feeBasisPoints);
      return { gatewayRef, reference, type: 'payment', gross: Number(gross), fee: Number(fee), net: Number(gross - fee), currency, paidAt: paidAt.toISOString() };
    };
    const lines: SettlementLine[] = [
      ...paid.filter((qr) => !fault.settlementDrop.includes(qr.gateway_ref)).map((qr) => payment(qr.gateway_ref, qr.reference, qr.amount, qr.paid_at!)),
      ...fault.settlementExtraLines.flatMap((extra, index) => {
        const paidAt = new Date(faultsSetAt - extra.minutesAgo * 60_000);
        if (extra.currency !== currency || dateIn(paidAt, timeZone) !== date) return [];
        const gatewayRef = `GWX${crypto.createHash('sha256').update(`${index}:${extra.reference}`).digest('hex').slice(0, 14).toUpperCase()}`;
        return [payment(gatewayRef, extra.reference, BigInt(extra.amount), paidAt)];
      }),
      ...refunded.map((qr): SettlementLine => {
        const gross = -Number(qr.amount);
        return { gatewayRef: qr.gateway_ref, reference: qr.reference, type: 'refund', gross, fee: 0, net: gross, currency, paidAt: qr.refunded_at!.toISOString() };
      }),
    ];
    const sum = (field: 'gross' | 'fee' | 'net') => lines.reduce((total, line) => total + line[field], 0);
    return { date, timeZone, currency, lines, totals: { gross: sum('gross'), fees: sum('fee'), net: sum('net') + fault.settlementNetOffBy } };
  });
}
