import { type AuditQuery, auditCheckpointResponse, auditQuery, auditResponse, auditVerifyResponse, settingsHistoryResponse } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { sendCsv, siteTimeHeader } from '../../http/csv.js';
import type { App } from '../../http/types.js';
import type { AuditService } from './audit.service.js';

const tags = ['admin'];
const filterOf = (query: Omit<AuditQuery, 'page' | 'limit'>) => ({
  actor: query.actor || undefined,
  action: query.action || undefined,
  from: query.from ? new Date(query.from) : undefined,
  to: query.to ? new Date(query.to) : undefined,
  text: query.text || undefined,
});

export function registerAuditRoutes(app: App, audit: AuditService, timeZone: string): void {
  const auditors = { config: operator('admin') };
  app.get('/api/admin/audit', { ...auditors, schema: { tags, querystring: auditQuery, response: { 200: auditResponse } } }, (request) =>
    audit.search(filterOf(request.query), request.query.page, request.query.limit),
  );
  app.get(
    '/api/admin/settings/history',
    { config: operator('admin', 'finance', 'support', 'marketing'), schema: { tags, querystring: auditQuery.pick({ page: true, limit: true }), response: { 200: settingsHistoryResponse } } },
    (request) => audit.settingsHistory(request.query.page, request.query.limit),
  );
  app.get('/api/admin/audit/verify', { ...auditors, schema: { tags, response: { 200: auditVerifyResponse } } }, () => audit.verify());
  app.get('/api/admin/audit/checkpoint', { ...auditors, schema: { tags, response: { 200: auditCheckpointResponse } } }, () => audit.checkpoint());
  app.get('/api/admin/audit/export.csv', { ...auditors, schema: { tags, querystring: auditQuery.omit({ page: true, limit: true }) } }, (request, reply) =>
    sendCsv(
      reply,
      'audit.csv',
      [
        { key: 'createdAt', header: siteTimeHeader('time', timeZone) },
        { key: 'actor', header: 'operator' },
        { key: 'action', header: 'action' },
        { key: 'ip', header: 'address' },
        { key: 'detail', header: 'detail' },
        { key: '_id', header: 'id' },
        { key: 'requestId', header: 'request id' },
        { key: 'hash', header: 'hash' },
      ],
      audit.export(filterOf(request.query)),
    ),
  );
}
