import { bankBalanceBody, bankBalanceResponse, configChange, configRejectBody, depositPauseBody, exposureResponse, operatorItemParams } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { ExposureService } from './exposure.service.js';

const tags = ['admin'];

export function registerExposureRoutes(app: App, exposure: ExposureService): void {
  const finance = { config: operator('admin', 'finance') };
  app.get('/api/admin/books/exposure', { ...finance, schema: { tags, response: { 200: exposureResponse } } }, () => exposure.exposure());
  app.post('/api/admin/books/bank-balances', { ...finance, schema: { tags, body: bankBalanceBody, response: { 200: bankBalanceResponse } } }, (request) =>
    exposure.enterBankBalance(request.admin, request.body),
  );
  // A proposal only: 202 with the change a second operator decides.
  app.post('/api/admin/books/deposit-pause', { ...finance, schema: { tags, body: depositPauseBody, response: { 202: configChange, ...failures(409) } } }, async (request, reply) =>
    reply.code(202).send(await exposure.proposePause(request.admin, request.body.paused, request.body.reason)),
  );
  app.post(
    '/api/admin/books/deposit-pause/:id/approve',
    { ...finance, schema: { tags, params: operatorItemParams, response: { 200: configChange, ...failures(403, 404, 409) } } },
    (request) => exposure.approvePause(request.admin, request.params.id),
  );
  app.post(
    '/api/admin/books/deposit-pause/:id/reject',
    { ...finance, schema: { tags, params: operatorItemParams, body: configRejectBody, response: { 200: configChange, ...failures(403, 404, 409) } } },
    (request) => exposure.rejectPause(request.admin, request.params.id, request.body.note),
  );
}
