import {
  bankNameChangeBody,
  messageResponse,
  passwordChangeBody,
  profileResponse,
  profileUpdateBody,
  registrationBody,
  registrationResponse,
  registrationValidateBody,
} from '@wallet/contract';
import { MEMBER } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { AccountService } from './account.service.js';

const tags = ['account'];
const ok = { message: 'OK' };

export function registerAccountRoutes(app: App, account: AccountService): void {
  app.post(
    '/api/account/validate',
    { schema: { tags, body: registrationValidateBody, response: { 200: messageResponse, ...failures(409) } } },
    async (request) => {
      await account.validate(request.body);
      return ok;
    },
  );
  app.post(
    '/api/account',
    { schema: { tags, body: registrationBody, response: { 200: registrationResponse, ...failures(409) } } },
    async (request) => ({ message: 'SUCCESS' as const, _id: await account.register(request.body, { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null }) }),
  );

  const member = { config: MEMBER };
  app.get('/api/account/profile', { ...member, schema: { tags, response: { 200: profileResponse, ...failures(404) } } }, (request) =>
    account.profile(request.member),
  );
  app.put(
    '/api/account/profile',
    { ...member, schema: { tags, body: profileUpdateBody, response: { 200: messageResponse, ...failures(404) } } },
    async (request) => {
      await account.updateProfile(request.member, request.body);
      return ok;
    },
  );
  app.put(
    '/api/account/bankAccountName',
    { ...member, schema: { tags, body: bankNameChangeBody, response: { 200: messageResponse, ...failures(404) } } },
    async (request) => {
      await account.changeBankAccountName(request.member, request.body);
      return ok;
    },
  );
  app.put(
    '/api/account/changepwd',
    { ...member, schema: { tags, body: passwordChangeBody, response: { 200: messageResponse, ...failures(404) } } },
    async (request) => {
      await account.changePassword(request.member, request.body);
      return ok;
    },
  );
}
