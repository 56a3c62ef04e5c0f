import {
  adminLoginBody,
  loginResponse,
  messageResponse,
  operatorItemParams,
  operatorSessionsResponse,
  siteSettingsBody,
  siteSettingsResponse,
} from '@wallet/contract';
import { OPERATOR_DEVICE_COOKIE, keepDeviceCookie, readDeviceCookie } from '../../http/device-cookie.js';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { AdminService } from './admin.service.js';

const tags = ['admin'];

/** Operators act only here, with their own tokens (DESIGN §7). */
export function registerAdminRoutes(app: App, admin: AdminService): void {
  const anyOperator = { config: operator('admin', 'finance', 'support') };

  app.post('/api/admin/login', { schema: { tags, body: adminLoginBody, response: { 200: loginResponse, ...failures(401) } } }, async (request, reply) => {
    const { token, deviceCookie } = await admin.login(request.body.username, request.body.password, {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      deviceCookie: readDeviceCookie(request, OPERATOR_DEVICE_COOKIE),
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
    { ...anyOperator, schema: { tags, body: siteSettingsBody, response: { 200: siteSettingsResponse } } },
    (request) => admin.updateSiteSettings(request.admin, request.body),
  );
}
