import { adminLoginBody, loginResponse, siteSettingsBody, siteSettingsResponse } from '@wallet/contract';
import { operator } from '../../http/member-auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { AdminService } from './admin.service.js';

const tags = ['admin'];

/** Operators act only here, with their own tokens (DESIGN §7). */
export function registerAdminRoutes(app: App, admin: AdminService): void {
  const anyOperator = { config: operator('admin', 'finance', 'support') };

  app.post('/api/admin/login', { schema: { tags, body: adminLoginBody, response: { 200: loginResponse, ...failures(401) } } }, async (request) => ({
    token: await admin.login(request.body.username, request.body.password),
  }));
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
