import { z } from 'zod';
import {
  AUTO_LOGIN_ROUTES,
  type AutoLoginRoute,
  autoLoginResponse,
  gameAccountResponse,
  messageResponse,
  refreshResponse,
  resetPasswordResponse,
  slotCodeParams,
  transferAllBody,
  transferAllResponse,
  transferBody,
  transferResponse,
  walletResponse,
} from '@wallet/contract';
import { idempotencyKey } from '../../http/idempotency.js';
import { MEMBER } from '../../http/member-auth.js';
import type { App } from '../../http/types.js';
import type { WalletService } from './wallet.service.js';

const tags = ['wallet'];
export function registerWalletRoutes(app: App, wallet: WalletService): void {
  const member = { config: MEMBER };
  const money = { config: { ...MEMBER, idempotent: true } };

  app.get('/api/wallet', { ...member, schema: { tags, response: { 200: walletResponse } } }, (request) => wallet.view(request.member));
  app.get('/api/wallet/refresh/slot', { ...member, schema: { tags, response: { 200: refreshResponse } } }, (request) =>
    wallet.refreshAll(request.member),
  );
  app.get(
    '/api/wallet/activate/:slotCode',
    { ...member, schema: { tags, params: slotCodeParams, response: { 200: messageResponse } } },
    async (request) => {
      await wallet.activate(request.member, request.params.slotCode);
      return { message: 'SUCCESS' };
    },
  );
  app.get(
    '/api/wallet/account/:slotCode',
    { ...member, schema: { tags, params: slotCodeParams, response: { 200: gameAccountResponse } } },
    (request) => wallet.account(request.member, request.params.slotCode),
  );
  app.get(
    '/api/wallet/resetpassword/:slotCode',
    { ...member, schema: { tags, params: slotCodeParams, response: { 200: resetPasswordResponse } } },
    async (request) => ({ message: 'SUCCESS', password: await wallet.resetPassword(request.member, request.params.slotCode) }),
  );
  app.post(
    '/api/wallet/transfer',
    { ...money, schema: { tags, body: transferBody, response: { 200: transferResponse, 202: transferResponse } } },
    async (request, reply) => {
      const answer = await wallet.transfer(request.member, request.body, idempotencyKey(request));
      return reply.status(answer.message === 'SUCCESS' ? 200 : 202).send(answer);
    },
  );
  app.post(
    '/api/wallet/transferAll',
    { ...money, schema: { tags, body: transferAllBody, response: { 200: transferAllResponse, 202: transferAllResponse } } },
    async (request, reply) => {
      const answer = await wallet.transferAll(request.member, request.body.to, idempotencyKey(request));
      return reply.status(answer.message === 'SUCCESS' ? 200 : 202).send(answer);
    },
  );

  for (const [route, { withPassword }] of Object.entries(AUTO_LOGIN_ROUTES)) {
    const path = withPassword ? `/api/autoLogin/${route}/:username/:password` : `/api/autoLogin/${route}/:username`;
    const params = z.object({ username: z.string().min(1).max(64), password: z.string().min(1).max(128).optional() });
    app.get(path, { ...member, schema: { tags, params, response: { 200: autoLoginResponse } } }, async (request) => ({
      link: await wallet.autoLogin(request.member, route as AutoLoginRoute, request.params.username, request.params.password),
    }));
  }
}
