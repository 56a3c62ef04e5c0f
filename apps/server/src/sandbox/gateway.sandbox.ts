import crypto from 'node:crypto';
import { generate } from 'promptparse';
import { z } from 'zod';
import { MINOR_PER_MAJOR, toMajor } from '@wallet/contract';
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
 * The stand-in payment gateway (DESIGN §7): issues PromptPay bill-payment QRs, and when a tester
 * "pays" one it calls our webhook, signed, exactly as a real gateway would.
 */
export function registerGatewaySandbox(app: App, db: Db, options: { webhookUrl: () => string; webhookSecret: string }): void {
  // For fault tests: how long the gateway takes to send its webhook after recording a payment.
  let webhookDelayMs = 0;
  app.put('/sandbox/gateway/faults', { schema: { hide: true, body: z.object({ webhookDelayMs: z.number().int().min(0).max(30_000).default(0) }) } }, async (request) => {
    webhookDelayMs = request.body.webhookDelayMs;
    return { webhookDelayMs };
  });

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
      if (currency === 'LAK' && BigInt(amount) % MINOR_PER_MAJOR !== 0n) return reply.status(422).send({ error: 'AMOUNT_NOT_WHOLE_KIP' });
      const gatewayRef = `GW${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
      const payload =
        currency === 'LAK'
          ? laoQrPayload({ bankIin: SANDBOX_LAO_BANK_IIN, receiverId: SANDBOX_LAO_RECEIVER, amountKip: BigInt(amount) / MINOR_PER_MAJOR, billNumber: gatewayRef })
          : generate.billPayment({ billerId: SANDBOX_BILLER_ID, amount: toMajor(BigInt(amount)), ref1: gatewayRef.slice(0, 20), ref2: method });
      await db.insertInto('sandbox_gateway_qrs').values({ gateway_ref: gatewayRef, reference, method, amount: BigInt(amount), payload }).execute();
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
    if (webhookDelayMs) await new Promise((resolve) => setTimeout(resolve, webhookDelayMs));
    const delivered = await deliverSignedWebhook(options.webhookUrl(), options.webhookSecret, {
      eventId: crypto.randomUUID(),
      gatewayRef: qr.gateway_ref,
      amount: Number(qr.amount),
      paidAt: new Date().toISOString(),
    });
    return { paid: true, webhookStatus: delivered.status };
  });
}
