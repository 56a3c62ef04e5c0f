import { z } from 'zod';
import {
  adminWalletTransfer,
  adminWalletTransfersResponse,
  bankCodeParams,
  createQrBody,
  failReasonBody,
  messageResponse,
  operatorQueueQuery,
  qrRecord,
  qrcodeIdParams,
  truelinkBody,
  truelinkResponse,
  walletTransferAssignBody,
  walletTransferParams,
} from '@wallet/contract';
import { MEMBER, operator } from '../../http/auth.js';
import { verifyWebhook } from '../../adapters/payment-gateway.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { DepositService } from './deposit.service.js';
import type { TrueMoneyTransferService } from './truemoney-transfer.service.js';
import type { TruelinkService } from './truelink.service.js';

const tags = ['deposit'];
const gatewayEvent = z.object({ eventId: z.string().min(8).max(100), gatewayRef: z.string().min(4).max(64), amount: z.number().int().positive(), paidAt: z.unknown().optional() });
const walletTransferEvent = z.object({
  eventId: z.string().min(8).max(100),
  transactionId: z.string().min(4).max(64),
  senderMobile: z.string().regex(/^\d{8,11}$/),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  receivedAt: z.iso.datetime(),
});

export function registerDepositRoutes(
  app: App,
  services: { deposits: DepositService; truelink: TruelinkService; walletTransfers: TrueMoneyTransferService },
  options: { webhookSecret: string; trueMoneyWebhookSecret: string; now: () => Date },
): void {
  const { deposits, truelink, walletTransfers } = services;
  const member = { config: MEMBER };
  const money = { config: { ...MEMBER, idempotent: true } };
  app.post('/api/wallet/truelink', { ...money, schema: { tags, body: truelinkBody, response: { 200: truelinkResponse, ...failures(409, 422, 502) } } }, async (request) => ({
    message: 'SUCCESS' as const,
    ...(await truelink.redeem(request.member, request.body.link, { repeat: request.idempotentRepeat })),
  }));
  app.get('/api/qrcode/:bankCode', { ...member, schema: { tags, params: bankCodeParams, response: { 200: qrRecord } } }, (request) =>
    deposits.current(request.member, request.params.bankCode),
  );
  app.post('/api/qrcode/:bankCode', { ...money, schema: { tags, params: bankCodeParams, body: createQrBody, response: { 200: qrRecord, ...failures(409, 502) } } }, (request) =>
    deposits.create(request.member, request.params.bankCode, request.body.amount),
  );
  app.delete('/api/qrcode/:qrcodeId', { ...member, schema: { tags, params: qrcodeIdParams, response: { 200: messageResponse, ...failures(404) } } }, async (request) => {
    await deposits.cancel(request.member, request.params.qrcodeId);
    return { message: 'OK' };
  });

  const finance = { config: operator('admin', 'finance') };
  app.get(
    '/api/admin/truemoney-transfers',
    { ...finance, schema: { tags: ['admin'], querystring: operatorQueueQuery.pick({ page: true, limit: true }), response: { 200: adminWalletTransfersResponse } } },
    (request) => walletTransfers.listWaiting(request.query.page, request.query.limit),
  );
  app.post(
    '/api/admin/truemoney-transfers/:id/approve',
    { ...finance, schema: { tags: ['admin'], params: walletTransferParams, body: walletTransferAssignBody, response: { 200: adminWalletTransfer, ...failures(404, 409) } } },
    (request) => walletTransfers.assign(request.params.id, request.body.phone, request.admin),
  );
  app.post(
    '/api/admin/truemoney-transfers/:id/fail',
    { ...finance, schema: { tags: ['admin'], params: walletTransferParams, body: failReasonBody, response: { 200: adminWalletTransfer, ...failures(404, 409) } } },
    (request) => walletTransfers.markReturned(request.params.id, request.body.reason, request.admin),
  );

  // Signed notifications: the signature covers the raw body, so this scope keeps it as text.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const signedEvent = <T>(path: string, secret: string, schema: z.ZodType<T>, handle: (event: T) => Promise<string>) =>
      scope.post(path, { schema: { hide: true } }, async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signed = verifyWebhook(
          secret,
          { signature: request.headers['x-signature'] as string | undefined, timestamp: request.headers['x-timestamp'] as string | undefined },
          raw,
          options.now().getTime(),
        );
        if (!signed) return reply.status(401).send({ message: 'UNAUTHORIZED' });
        let event: T;
        try {
          event = schema.parse(JSON.parse(raw));
        } catch {
          return reply.status(400).send({ message: 'KEY_INVALID' });
        }
        const outcome = await handle(event);
        if (outcome === 'unknown') return reply.status(404).send({ message: 'NO_DATA' });
        return { status: outcome };
      });
    signedEvent('/api/webhooks/gateway', options.webhookSecret, gatewayEvent, (event) => deposits.paymentReceived(event));
    signedEvent('/api/webhooks/truemoney', options.trueMoneyWebhookSecret, walletTransferEvent, (event) => walletTransfers.received(event));
  });
}
