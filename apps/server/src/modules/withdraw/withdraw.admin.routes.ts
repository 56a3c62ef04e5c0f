import { adminWithdrawalsResponse, failReasonBody, memberIdParams, memberPageQuery, operatorItemParams, operatorQueueQuery, withdrawal } from '@wallet/contract';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { operator } from '../../http/auth.js';
import type { WithdrawService } from './withdraw.service.js';

const tags = ['admin'];

/** The operator's side of withdrawals: list, approve (paid out), fail (money back to the wallet). */
export function registerWithdrawAdminRoutes(app: App, withdrawals: WithdrawService): void {
  const finance = { config: operator('admin', 'finance') };
  app.get('/api/admin/withdrawals', { ...finance, schema: { tags, querystring: operatorQueueQuery, response: { 200: adminWithdrawalsResponse } } }, (request) =>
    withdrawals.listForOperator(request.query.status, request.query.page, request.query.limit),
  );
  app.get(
    '/api/admin/members/:id/withdrawals',
    { config: operator('admin', 'finance', 'support'), schema: { tags, params: memberIdParams, querystring: memberPageQuery, response: { 200: adminWithdrawalsResponse } } },
    (request) => withdrawals.listForOperator('all', request.query.page, request.query.limit, BigInt(request.params.id)),
  );
  app.post('/api/admin/withdrawals/:id/approve', { ...finance, schema: { tags, params: operatorItemParams, response: { 200: withdrawal, ...failures(404, 409) } } }, (request) =>
    withdrawals.approve(request.params.id, request.admin),
  );
  app.post(
    '/api/admin/withdrawals/:id/fail',
    { ...finance, schema: { tags, params: operatorItemParams, body: failReasonBody, response: { 200: withdrawal, ...failures(404, 409) } } },
    (request) => withdrawals.fail(request.params.id, request.body.reason, request.admin),
  );
}
