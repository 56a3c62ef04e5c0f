import { z } from 'zod';
import {
  OPERATOR_ROLES,
  adminLoginBody,
  createOperatorBody,
  loginResponse,
  messageResponse,
  operatorItem,
  operatorItemParams,
  operatorMeResponse,
  operatorSessionsResponse,
  operatorsResponse,
  recoveryCodesResponse,
  siteSettingsBody,
  siteSettingsResponse,
  totpCodeBody,
  totpSetupResponse,
  updateOperatorBody,
} from '@wallet/contract';
import { OPERATOR_DEVICE_COOKIE, keepDeviceCookie, readDeviceCookie } from '../../http/device-cookie.js';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { answerOutcome, pendingResponse } from '../../http/pending.js';
import type { AdminService } from './admin.service.js';

const tags = ['admin'];

/** Operators act only here, with their own tokens (DESIGN §7). */
export function registerAdminRoutes(app: App, admin: AdminService): void {
  const anyOperator = { config: operator(...OPERATOR_ROLES) };
  const adminOnly = { config: operator('admin') };

  app.post('/api/admin/login', { schema: { tags, body: adminLoginBody, response: { 200: loginResponse, ...failures(401) } } }, async (request, reply) => {
    const { token, deviceCookie } = await admin.login(request.body.username, request.body.password, {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      deviceCookie: readDeviceCookie(request, OPERATOR_DEVICE_COOKIE),
      code: request.body.code,
    });
    keepDeviceCookie(request, reply, OPERATOR_DEVICE_COOKIE, deviceCookie);
    return { token };
  });
  app.post('/api/admin/logout', { ...anyOperator, schema: { tags, response: { 200: messageResponse } } }, async (request) => {
    await admin.logout(request.admin);
    return { message: 'OK' };
  });
  app.get('/api/admin/sessions', { ...anyOperator, schema: { tags, response: { 200: operatorSessionsResponse } } }, (request) =>
    admin.sessions(request.admin),
  );
  app.delete(
    '/api/admin/sessions/:id',
    { ...anyOperator, schema: { tags, params: operatorItemParams, response: { 200: messageResponse, ...failures(404) } } },
    async (request) => {
      await admin.revokeSession(request.admin, request.params.id);
      return { message: 'OK' };
    },
  );
  app.get(
    '/api/admin/settings/site',
    { ...anyOperator, schema: { tags, response: { 200: siteSettingsResponse } } },
    () => admin.siteSettings(), // the response schema keeps only the operator-editable keys
  );
  app.put(
    '/api/admin/settings/site',
    { ...adminOnly, schema: { tags, body: siteSettingsBody, response: { 200: siteSettingsResponse, ...pendingResponse } } },
    async (request, reply) => answerOutcome(reply, await admin.updateSiteSettings(request.admin, request.body)),
  );

  app.get('/api/admin/me', { ...anyOperator, schema: { tags, response: { 200: operatorMeResponse } } }, (request) => admin.me(request.admin));
  app.post('/api/admin/me/totp', { ...anyOperator, schema: { tags, response: { 200: totpSetupResponse, ...failures(409) } } }, (request) =>
    admin.startSecondFactor(request.admin),
  );
  app.post(
    '/api/admin/me/totp/enable',
    { ...anyOperator, schema: { tags, body: totpCodeBody, response: { 200: recoveryCodesResponse, ...failures(409) } } },
    (request) => admin.enableSecondFactor(request.admin, request.body.code),
  );
  app.post(
    '/api/admin/me/totp/disable',
    { ...anyOperator, schema: { tags, body: z.object({ code: z.string({ error: 'KEY_MISSING' }).trim().min(6).max(20) }), response: { 200: messageResponse, ...failures(409) } } },
    async (request) => {
      await admin.disableSecondFactor(request.admin, request.body.code);
      return { message: 'OK' };
    },
  );

  app.get('/api/admin/operators', { ...adminOnly, schema: { tags, response: { 200: operatorsResponse } } }, () => admin.listOperators());
  app.post('/api/admin/operators', { ...adminOnly, schema: { tags, body: createOperatorBody, response: { 200: operatorItem, ...failures(409) } } }, (request) =>
    admin.createOperator(request.admin, request.body),
  );
  app.put(
    '/api/admin/operators/:id',
    {
      ...adminOnly,
      schema: {
        tags,
        params: operatorIdParams,
        body: updateOperatorBody,
        response: { 200: operatorItem, ...failures(404, 409) },
      },
    },
    (request) => admin.updateOperator(request.admin, BigInt(request.params.id), request.body),
  );
}

const operatorIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'KEY_INVALID' }) });
