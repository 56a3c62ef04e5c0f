import { z } from 'zod';
import { bankCodeParams, createQrBody, qrRecord, qrcodeIdParams, truelinkBody, truelinkResponse } from '@wallet/contract';
import { verifyWebhook } from '../../adapters/payment-gateway.js';
import type { App } from '../../http/types.js';
import type { DepositService } from './deposit.service.js';
import type { TruelinkService } from './truelink.service.js';

const tags = ['deposit'];
const gatewayEvent = z.object({ eventId: z.string().min(8).max(100), gatewayRef: z.string().min(4).max(64), amount: z.number().int().positive() });

export function registerDepositRoutes(app: App, deposits: DepositService, truelink: TruelinkService, options: { webhookSecret: string; now: () => Date }): void {
  const member = { preHandler: app.requireMember };
  app.post('/api/wallet/truelink', { ...member, schema: { tags, body: truelinkBody, response: { 200: truelinkResponse } } }, async (request) => ({
    message: 'SUCCESS' as const,
    ...(await truelink.redeem(request.member, request.body.link)),
  }));
  app.get('/api/qrcode/:bankCode', { ...member, schema: { tags, params: bankCodeParams, response: { 200: qrRecord } } }, (request) =>
    deposits.current(request.member, request.params.bankCode),
  );
  app.post('/api/qrcode/:bankCode', { ...member, schema: { tags, params: bankCodeParams, body: createQrBody, response: { 200: qrRecord } } }, (request) =>
    deposits.create(request.member, request.params.bankCode, request.body.amount),
  );
  app.delete('/api/qrcode/:qrcodeId', { ...member, schema: { tags, params: qrcodeIdParams } }, async (request) => {
    await deposits.cancel(request.member, request.params.qrcodeId);
    return { message: 'OK' };
  });

  // The gateway's webhook: the signature covers the raw body, so this scope keeps it as text.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/api/webhooks/gateway', { schema: { hide: true } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signed = verifyWebhook(
        options.webhookSecret,
        { signature: request.headers['x-signature'] as string | undefined, timestamp: request.headers['x-timestamp'] as string | undefined },
        raw,
        options.now().getTime(),
      );
      if (!signed) return reply.status(401).send({ message: 'UNAUTHORIZED' });
      let event;
      try {
        event = gatewayEvent.parse(JSON.parse(raw));
      } catch {
        return reply.status(400).send({ message: 'KEY_INVALID' });
      }
      const outcome = await deposits.paymentReceived(event);
      if (outcome === 'unknown') return reply.status(404).send({ message: 'NO_DATA' });
      return { status: outcome };
    });
  });
}
