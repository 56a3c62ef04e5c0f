import { configChange, configChangesQuery, configChangesResponse, configRejectBody, operatorItemParams } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { ApprovalService } from './approvals.service.js';

const tags = ['admin'];
/** The roles that propose money-making configuration and approve each other's. */
export const CONFIG_ROLES = ['admin', 'marketing'] as const;


export function registerApprovalRoutes(app: App, approvals: ApprovalService): void {
  const deciders = { config: operator(...CONFIG_ROLES) };
  app.get('/api/admin/config-changes', { ...deciders, schema: { tags, querystring: configChangesQuery, response: { 200: configChangesResponse } } }, (request) =>
    approvals.list(request.query.status, request.query.page, request.query.limit),
  );
  app.post(
    '/api/admin/config-changes/:id/approve',
    { ...deciders, schema: { tags, params: operatorItemParams, response: { 200: configChange, ...failures(403, 404, 409, 422) } } },
    (request) => approvals.approve(request.admin, request.params.id),
  );
  app.post(
    '/api/admin/config-changes/:id/reject',
    { ...deciders, schema: { tags, params: operatorItemParams, body: configRejectBody, response: { 200: configChange, ...failures(404, 409) } } },
    (request) => approvals.reject(request.admin, request.params.id, request.body.note),
  );
}
