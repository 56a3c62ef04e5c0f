import { amountBody, withdrawResponse } from '@wallet/contract';
import { idempotencyKey } from '../../http/idempotency.js';
import { MEMBER } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { WithdrawService } from './withdraw.service.js';

const tags = ['wallet'];

export function registerWithdrawRoutes(app: App, withdrawals: WithdrawService): void {
  const money = { config: { ...MEMBER, idempotent: true } };
  app.post('/api/wallet/withdraw', { ...money, schema: { tags, body: amountBody, response: { 200: withdrawResponse, ...failures(404, 409, 422) } } }, async (request) => ({
    message: 'SUCCESS' as const,
    withdrawal: await withdrawals.withdraw(request.member, request.body.amount, idempotencyKey(request)),
  }));
  app.post('/api/wallet/withdrawAll', { ...money, schema: { tags, body: amountBody, response: { 200: withdrawResponse, ...failures(404, 409, 422, 502) } } }, async (request) => ({
    message: 'SUCCESS' as const,
    withdrawal: await withdrawals.withdrawAll(request.member, request.body.amount, idempotencyKey(request)),
  }));
}
