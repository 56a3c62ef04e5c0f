import crypto from 'node:crypto';
import { z } from 'zod';
import { toMajor, toMinor } from '@wallet/contract';
import { deliverSignedWebhook } from '../adapters/payment-gateway.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/types.js';

const OUTCOMES = ['SUCCESS', 'VOUCHER_OUT_OF_STOCK', 'VOUCHER_NOT_FOUND', 'VOUCHER_EXPIRED', 'CANNOT_GET_OWN_VOUCHER', 'TARGET_USER_NOT_FOUND', 'TARGET_USER_REDEEMED', 'INTERNAL_ERROR'] as const;

/** The stand-in TrueMoney (DESIGN §7): issues gift links and redeems them like the real API. */
export function registerTrueMoneySandbox(app: App, db: Db, options: { webhookUrl: () => string; webhookSecret: string }): void {
  // For fault tests: how long a redemption's answer takes after TrueMoney has recorded it.
  let answerDelayMs = 0;
  app.put('/sandbox/truemoney/faults', { schema: { hide: true, body: z.object({ latencyMs: z.number().int().min(0).max(30_000).default(0) }) } }, async (request) => {
    answerDelayMs = request.body.latencyMs;
    return { latencyMs: answerDelayMs };
  });

  // A wallet-to-wallet transfer into the operator's number: TrueMoney then notifies us, signed.
  app.post(
    '/sandbox/truemoney/transfers',
    { schema: { hide: true, body: z.object({ fromMobile: z.string().regex(/^\d{8,11}$/), amount: z.number().positive().max(100_000) }) } },
    async (request, reply) => {
      const amount = toMinor(request.body.amount);
      if (amount === null) return reply.status(400).send({ error: 'BAD_AMOUNT' });
      const transactionId = `TMN${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
      const delivered = await deliverSignedWebhook(options.webhookUrl(), options.webhookSecret, {
        eventId: crypto.randomUUID(),
        transactionId,
        senderMobile: request.body.fromMobile,
        amount: Number(amount),
        receivedAt: new Date().toISOString(),
      });
      return { transactionId, webhookStatus: delivered.status, outcome: ((await delivered.json()) as { status?: string }).status ?? null };
    },
  );

  app.post(
    '/sandbox/truemoney/vouchers',
    { schema: { hide: true, body: z.object({ amount: z.number().positive().max(100_000), outcome: z.enum(OUTCOMES).optional() }) } },
    async (request, reply) => {
      const amount = toMinor(request.body.amount);
      if (amount === null) return reply.status(400).send({ error: 'BAD_AMOUNT' });
      const hash = crypto.randomBytes(17).toString('hex').slice(0, 35);
      await db.insertInto('sandbox_truemoney_vouchers').values({ voucher_hash: hash, amount, outcome: request.body.outcome ?? 'SUCCESS' }).execute();
      return { link: `https://gift.truemoney.com/campaign/?v=${hash}` };
    },
  );

  // The voucher's state as TrueMoney shows it to a number: the ticket that number holds, if any.
  app.get(
    '/sandbox/truemoney/api/campaign/vouchers/:hash/verify',
    { schema: { hide: true, params: z.object({ hash: z.string() }), querystring: z.object({ mobile: z.string() }) } },
    async (request) => {
      const voucher = await db.selectFrom('sandbox_truemoney_vouchers').selectAll().where('voucher_hash', '=', request.params.hash).executeTakeFirst();
      if (!voucher || voucher.outcome === 'VOUCHER_NOT_FOUND') return { status: { code: 'VOUCHER_NOT_FOUND' } };
      if (voucher.outcome === 'VOUCHER_EXPIRED') return { status: { code: 'VOUCHER_EXPIRED' } };
      const baht = toMajor(voucher.amount).toFixed(2);
      // A forced TARGET_USER_REDEEMED stands for "this number took its ticket already".
      const holder = voucher.outcome === 'TARGET_USER_REDEEMED' ? request.query.mobile : voucher.redeemed_by;
      const taken = holder !== null || voucher.outcome === 'VOUCHER_OUT_OF_STOCK';
      return {
        status: { code: 'SUCCESS' },
        data: {
          voucher: { voucher_id: voucher.voucher_hash, amount_baht: baht, redeemed_amount_baht: taken ? baht : '0.00', status: taken ? 'redeemed' : 'active' },
          ...(holder === request.query.mobile ? { my_ticket: { mobile: request.query.mobile, amount_baht: baht } } : {}),
        },
      };
    },
  );

  app.post(
    '/sandbox/truemoney/api/campaign/vouchers/:hash/redeem',
    { schema: { hide: true, params: z.object({ hash: z.string() }), body: z.object({ mobile: z.string(), voucher_hash: z.string() }) } },
    async (request) => {
      const answer = (code: string, amount?: bigint) => ({
        status: { code },
        ...(amount === undefined ? {} : { data: { voucher: { amount_baht: toMajor(amount).toFixed(2) }, my_ticket: { amount_baht: toMajor(amount).toFixed(2) } } }),
      });
      const answered = await db.transaction().execute(async (trx) => {
        const voucher = await trx.selectFrom('sandbox_truemoney_vouchers').selectAll().where('voucher_hash', '=', request.params.hash).forUpdate().executeTakeFirst();
        if (!voucher) return answer('VOUCHER_NOT_FOUND');
        if (voucher.outcome !== 'SUCCESS') return answer(voucher.outcome);
        if (voucher.redeemed_by) return answer(voucher.redeemed_by === request.body.mobile ? 'TARGET_USER_REDEEMED' : 'VOUCHER_OUT_OF_STOCK');
        await trx.updateTable('sandbox_truemoney_vouchers').set({ redeemed_by: request.body.mobile }).where('voucher_hash', '=', voucher.voucher_hash).execute();
        return answer('SUCCESS', voucher.amount);
      });
      if (answerDelayMs) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
      return answered;
    },
  );
}
