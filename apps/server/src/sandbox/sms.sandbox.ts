import { z } from 'zod';
import { sandboxSmsQuery, sandboxSmsResponse } from '@wallet/contract';
import type { Db } from '../db/database.js';
import type { App } from '../http/types.js';

const OTP_IN_TEXT = /\b(\d{6})\b/;

const smsFaults = z.object({
  /** Every message answers 503, as a gateway down. */
  unavailable: z.boolean().default(false),
});

/**
 * The stand-in SMS gateway (DESIGN §7): accepts messages like a real one and keeps an inbox; a
 * message under a reference it already took is answered as taken and not sent again. It can be told
 * to be down.
 */
export function registerSmsSandbox(app: App, db: Db): void {
  let faults = smsFaults.parse({});
  app.put('/sandbox/sms/faults', { schema: { hide: true, body: smsFaults } }, async (request) => {
    faults = request.body;
    return faults;
  });

  app.post(
    '/sandbox/sms/messages',
    {
      schema: {
        hide: true,
        body: z.object({ to: z.string().min(1).max(20), text: z.string().min(1).max(1000), reference: z.string().min(1).max(100).optional() }),
      },
    },
    async (request, reply) => {
      if (faults.unavailable) return reply.status(503).send({ error: 'UNAVAILABLE' });
      const { to, text, reference } = request.body;
      const taken = await db
        .insertInto('sandbox_sms_messages')
        .values({ phone: to, text, reference: reference ?? null })
        .onConflict((conflict) => conflict.column('reference').doNothing())
        .returning('id')
        .executeTakeFirst();
      return reply.status(202).send({ status: taken ? 'queued' : 'duplicate' });
    },
  );

  app.get(
    '/sandbox/sms/messages',
    { schema: { hide: true, querystring: sandboxSmsQuery, response: { 200: sandboxSmsResponse } } },
    async (request) => {
      const rows = await db
        .selectFrom('sandbox_sms_messages')
        .select(['phone', 'text', 'created_at'])
        .where('phone', '=', request.query.phone)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return {
        messages: rows.map((row) => ({
          phone: row.phone,
          text: row.text,
          otpCode: OTP_IN_TEXT.exec(row.text)?.[1] ?? '',
          createdAt: row.created_at.toISOString(),
        })),
      };
    },
  );
}
