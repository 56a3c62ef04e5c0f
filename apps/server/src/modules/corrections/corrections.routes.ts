import { correction, correctionBody, correctionRejectBody, correctionsQuery, correctionsResponse, operatorItemParams } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { idempotencyKey } from '../../http/idempotency.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { CorrectionService } from './corrections.service.js';

const tags = ['admin'];

export function registerCorrectionRoutes(app: App, corrections: CorrectionService): void {
  const finance = { config: operator('admin', 'finance') };
  app.get('/api/admin/corrections', { ...finance, schema: { tags, querystring: correctionsQuery, response: { 200: correctionsResponse } } }, (request) =>
    corrections.list(request.query, request.query.page, request.query.limit),
  );
  app.post('/api/admin/corrections', { config: { ...finance.config, idempotent: true }, schema: { tags, body: correctionBody, response: { 200: correction, ...failures(404) } } }, (request) =>
    corrections.propose(request.admin, request.body, idempotencyKey(request)),
  );
  app.post(
    '/api/admin/corrections/:id/approve',
    { ...finance, schema: { tags, params: operatorItemParams, response: { 200: correction, ...failures(404, 409, 422) } } },
    (request) => corrections.approve(request.admin, request.params.id),
  );
  app.post(
    '/api/admin/corrections/:id/reject',
    { ...finance, schema: { tags, params: operatorItemParams, body: correctionRejectBody, response: { 200: correction, ...failures(404, 409) } } },
    (request) => corrections.reject(request.admin, request.params.id, request.body.reason),
  );
}
