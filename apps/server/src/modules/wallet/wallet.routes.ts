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
import { MEMBER } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { WalletService } from './wallet.service.js';

const tags = ['wallet'];
export function registerWalletRoutes(app: App, wallet: WalletService): void {
  const member = { config: MEMBER };
  const money = { config: { ...MEMBER, idempotent: true } };

  app.get('/api/wallet', { ...member, schema: { tags, response: { 200: walletResponse, ...failures(404) } } }, (request) => wallet.view(request.member));
  app.get('/api/wallet/refresh/slot', { ...member, schema: { tags, response: { 200: refreshResponse, ...failures(404) } } }, (request) =>
    wallet.refreshAll(request.member),
  );
  app.get(
    '/api/wallet/activate/:slotCode',
    { ...member, schema: { tags, params: slotCodeParams, response: { 200: messageResponse, ...failures(404, 409, 502) } } },
    async (request) => {
      await wallet.activate(request.member, request.params.slotCode);
      return { message: 'SUCCESS' };
    },
  );
  app.get(
    '/api/wallet/account/:slotCode',
    { ...member, schema: { tags, params: slotCodeParams, response: { 200: gameAccountResponse, ...failures(404) } } },
    (request) => wallet.account(request.member, request.params.slotCode),
  );
  app.get(
    '/api/wallet/resetpassword/:slotCode',
    { ...member, schema: { tags, params: slotCodeParams, response: { 200: resetPasswordResponse, ...failures(404, 502) } } },
    async (request) => ({ message: 'SUCCESS', password: await wallet.resetPassword(request.member, request.params.slotCode) }),
  );
  app.post(
    '/api/wallet/transfer',
    {
      // The key is claimed in the transfer's first statement (one commit fewer): wallet.transfer makes it.
      config: { ...MEMBER, idempotent: 'by-service' },
      schema: { tags, body: transferBody, response: { 200: transferResponse, 202: transferResponse, ...failures(404, 409, 422, 502) } },
    },
    async (request, reply) => {
      const answer = await wallet.transfer(request.member, request.body, request.idempotencyClaim);
      return reply.status(answer.message === 'SUCCESS' ? 200 : 202).send(answer);
    },
  );
  app.post(
    '/api/wallet/transferAll',
    { ...money, schema: { tags, body: transferAllBody, response: { 200: transferAllResponse, 202: transferAllResponse, ...failures(404, 409, 422, 502) } } },
    async (request, reply) => {
      const answer = await wallet.transferAll(request.member, request.body.to, idempotencyKey(request));
      return reply.status(answer.message === 'SUCCESS' ? 200 : 202).send(answer);
    },
  );

  const username = z.string().min(1).max(64);
  const autoLogin = { ...member, schema: { tags, response: { 200: autoLoginResponse, ...failures(404, 422, 502) } } };
  for (const [route, { withPassword }] of Object.entries(AUTO_LOGIN_ROUTES)) {
    const slot = route as AutoLoginRoute;
    // Only the routes with a password segment take (and document) one.
    if (withPassword) {
      const params = z.object({ username, password: z.string().min(1).max(128) });
      app.get(`/api/autoLogin/${route}/:username/:password`, { ...autoLogin, schema: { ...autoLogin.schema, params } }, async (request) => ({
        link: await wallet.autoLogin(request.member, slot, request.params.username, request.params.password),
      }));
    } else {
      const params = z.object({ username });
      app.get(`/api/autoLogin/${route}/:username`, { ...autoLogin, schema: { ...autoLogin.schema, params } }, async (request) => ({
        link: await wallet.autoLogin(request.member, slot, request.params.username, undefined),
      }));
    }
  }
}
