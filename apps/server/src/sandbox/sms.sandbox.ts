import { z } from 'zod';
import { sandboxSmsQuery, sandboxSmsResponse } from '@wallet/contract';
import type { Db } from '../db/database.js';
import type { App } from '../http/types.js';

const OTP_IN_TEXT = /\b(\d{6})\b/;

/** The stand-in SMS gateway (DESIGN §7): accepts messages like a real one and keeps an inbox. */
export function registerSmsSandbox(app: App, db: Db): void {
  app.post(
    '/sandbox/sms/messages',
    {
      schema: {
        hide: true,
        body: z.object({ to: z.string().min(1).max(20), text: z.string().min(1).max(1000) }),
      },
    },
    async (request, reply) => {
      await db.insertInto('sandbox_sms_messages').values({ phone: request.body.to, text: request.body.text }).execute();
      return reply.status(202).send({ status: 'queued' });
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
