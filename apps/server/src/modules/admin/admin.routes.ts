import {
  adminLoginBody,
  loginResponse,
  messageResponse,
  operatorItemParams,
  operatorSessionsResponse,
  siteSettingsBody,
  siteSettingsResponse,
} from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../errors.js';
import { OPERATOR_DEVICE_COOKIE, keepDeviceCookie, readDeviceCookie } from '../../http/device-cookie.js';
import { bearerToken } from '../../http/member-auth.js';
import type { App } from '../../http/types.js';
import type { AdminContext, AdminService } from './admin.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AdminContext;
  }
}

const tags = ['admin'];

/** A preHandler admitting operators with one of `roles` (DESIGN §7: own tokens, roles). */
export function operatorGuard(admin: AdminService, roles: Array<AdminContext['role']>) {
  return async (request: FastifyRequest) => {
    request.admin = await admin.authenticate(bearerToken(request));
    if (!roles.includes(request.admin.role)) throw forbidden('UNAUTHORIZED');
  };
}

/** Operators act only here, with their own tokens (DESIGN §7). */
export function registerAdminRoutes(app: App, admin: AdminService): void {
  app.decorateRequest('admin', null as unknown as AdminContext);
  const requireAdmin = operatorGuard(admin, ['admin', 'finance', 'support']);

  app.post('/api/admin/login', { schema: { tags, body: adminLoginBody, response: { 200: loginResponse } } }, async (request, reply) => {
    const { token, deviceCookie } = await admin.login(request.body.username, request.body.password, {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      deviceCookie: readDeviceCookie(request, OPERATOR_DEVICE_COOKIE),
    });
    keepDeviceCookie(request, reply, OPERATOR_DEVICE_COOKIE, deviceCookie);
    return { token };
  });
  app.post('/api/admin/logout', { preHandler: requireAdmin, schema: { tags, response: { 200: messageResponse } } }, async (request) => {
    await admin.logout(request.admin);
    return { message: 'OK' };
  });
  app.get('/api/admin/sessions', { preHandler: requireAdmin, schema: { tags, response: { 200: operatorSessionsResponse } } }, (request) =>
    admin.sessions(request.admin),
  );
  app.delete(
    '/api/admin/sessions/:id',
    { preHandler: requireAdmin, schema: { tags, params: operatorItemParams, response: { 200: messageResponse } } },
    async (request) => {
      await admin.revokeSession(request.admin, request.params.id);
      return { message: 'OK' };
    },
  );
  app.get(
    '/api/admin/settings/site',
    { preHandler: requireAdmin, schema: { tags, response: { 200: siteSettingsResponse } } },
    () => admin.siteSettings(), // the response schema keeps only the operator-editable keys
  );
  app.put(
    '/api/admin/settings/site',
    { preHandler: requireAdmin, schema: { tags, body: siteSettingsBody, response: { 200: siteSettingsResponse } } },
    (request) => admin.updateSiteSettings(request.admin, request.body),
  );
}
