import {
  memberBankChangeBody,
  memberDetailResponse,
  memberIdParams,
  memberInviteesResponse,
  memberLedgerQuery,
  memberLedgerResponse,
  memberReasonBody,
  memberSearchQuery,
  memberSearchResponse,
  messageResponse,
} from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { MemberAdminService } from './member-admin.service.js';

const tags = ['admin'];
const ok = { message: 'OK' } as const;

export function registerMemberAdminRoutes(app: App, members: MemberAdminService): void {
  const readers = { config: operator('admin', 'finance', 'support', 'marketing') };
  const support = { config: operator('admin', 'support') };
  const bankChangers = { config: operator('admin', 'finance') };

  app.get('/api/admin/members', { ...readers, schema: { tags, querystring: memberSearchQuery, response: { 200: memberSearchResponse } } }, (request) =>
    members.search(request.query.q, request.query.page, request.query.limit),
  );
  app.get('/api/admin/members/:id', { ...readers, schema: { tags, params: memberIdParams, response: { 200: memberDetailResponse, ...failures(404) } } }, (request) =>
    members.detail(BigInt(request.params.id)),
  );
  app.get(
    '/api/admin/members/:id/ledger',
    { ...readers, schema: { tags, params: memberIdParams, querystring: memberLedgerQuery, response: { 200: memberLedgerResponse } } },
    (request) => members.ledgerLines(BigInt(request.params.id), request.query.account, request.query.page, request.query.limit),
  );
  app.get(
    '/api/admin/members/:id/invitees',
    { ...readers, schema: { tags, params: memberIdParams, querystring: memberSearchQuery.omit({ q: true }), response: { 200: memberInviteesResponse } } },
    (request) => members.invitees(BigInt(request.params.id), request.query.page, request.query.limit),
  );

  for (const [path, blocked] of [['block', true], ['unblock', false]] as const) {
    app.post(
      `/api/admin/members/:id/${path}`,
      { ...support, schema: { tags, params: memberIdParams, body: memberReasonBody, response: { 200: messageResponse, ...failures(404, 409) } } },
      async (request) => {
        await members.setBlocked(request.admin, BigInt(request.params.id), blocked, request.body.reason);
        return ok;
      },
    );
  }
  app.post(
    '/api/admin/members/:id/sessions/end',
    { ...support, schema: { tags, params: memberIdParams, body: memberReasonBody, response: { 200: messageResponse, ...failures(404) } } },
    async (request) => {
      await members.endSessions(request.admin, BigInt(request.params.id), request.body.reason);
      return ok;
    },
  );
  app.post(
    '/api/admin/members/:id/password-reset',
    { ...support, schema: { tags, params: memberIdParams, body: memberReasonBody, response: { 200: messageResponse, ...failures(404, 503) } } },
    async (request) => {
      await members.resetPassword(request.admin, BigInt(request.params.id), request.body.reason);
      return ok;
    },
  );
  app.put(
    '/api/admin/members/:id/bank-account',
    { ...bankChangers, schema: { tags, params: memberIdParams, body: memberBankChangeBody, response: { 200: messageResponse, ...failures(404, 409, 422) } } },
    async (request) => {
      await members.changeBankAccount(request.admin, BigInt(request.params.id), request.body);
      return ok;
    },
  );
}
