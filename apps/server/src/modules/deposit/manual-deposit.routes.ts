import { adminDepositNoticesResponse, operatorQueueQuery, depositNotice, depositNoticeResponse, failReasonBody, operatorItemParams, amountBody } from '@wallet/contract';
import { idempotencyKey } from '../../http/idempotency.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { MEMBER, operator } from '../../http/auth.js';
import type { ManualDepositService } from './manual-deposit.service.js';

export function registerManualDepositRoutes(app: App, notices: ManualDepositService): void {
  app.post(
    '/api/wallet/add',
    { config: { ...MEMBER, idempotent: true }, schema: { tags: ['deposit'], body: amountBody, response: { 200: depositNoticeResponse, ...failures(409, 422) } } },
    async (request) => ({ message: 'SUCCESS' as const, notice: await notices.notify(request.member, request.body.amount, idempotencyKey(request)) }),
  );

  const finance = { config: operator('admin', 'finance') };
  const tags = ['admin'];
  app.get('/api/admin/deposit-notices', { ...finance, schema: { tags, querystring: operatorQueueQuery, response: { 200: adminDepositNoticesResponse } } }, (request) =>
    notices.listForOperator(request.query.status, request.query.page, request.query.limit),
  );
  app.post('/api/admin/deposit-notices/:id/approve', { ...finance, schema: { tags, params: operatorItemParams, response: { 200: depositNotice, ...failures(404, 409) } } }, (request) =>
    notices.approve(request.params.id, request.admin),
  );
  app.post(
    '/api/admin/deposit-notices/:id/fail',
    { ...finance, schema: { tags, params: operatorItemParams, body: failReasonBody, response: { 200: depositNotice, ...failures(404, 409) } } },
    (request) => notices.fail(request.params.id, request.body.reason, request.admin),
  );
}
