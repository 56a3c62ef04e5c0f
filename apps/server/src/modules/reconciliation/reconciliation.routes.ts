import { z } from 'zod';
import {
  assignBody,
  dryRunBody,
  dryRunResponse,
  exceptionCorrectionBody,
  exceptionParams,
  exceptionResponse,
  exceptionsQuery,
  exceptionsResponse,
  noteBody,
  reasonBody,
  reconciliationRule,
  reconciliationRulesResponse,
  reconciliationRunsQuery,
  reconciliationRunsResponse,
  reconciliationSource,
  runNowBody,
  runNowResponse,
  saveRuleBody,
  writeOffDecisionBody,
} from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { idempotencyKey } from '../../http/idempotency.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { ReconciliationService } from './reconciliation.service.js';

const tags = ['admin'];
const sourceParams = z.object({ source: reconciliationSource });

export function registerReconciliationRoutes(app: App, reconciliation: ReconciliationService): void {
  const finance = { config: operator('admin', 'finance') };
  const base = '/api/admin/reconciliation';
  app.get(`${base}/rules`, { ...finance, schema: { tags, response: { 200: reconciliationRulesResponse } } }, async () => ({ rules: await reconciliation.rules() }));
  app.post(`${base}/rules/:source`, { ...finance, schema: { tags, params: sourceParams, body: saveRuleBody, response: { 200: reconciliationRule } } }, (request) =>
    reconciliation.saveRule(request.admin, request.params.source, request.body.settings, request.body.note),
  );
  app.post(`${base}/rules/:source/dry-run`, { ...finance, schema: { tags, params: sourceParams, body: dryRunBody, response: { 200: dryRunResponse } } }, (request) =>
    reconciliation.dryRun(request.params.source, request.body.settings, request.body.day),
  );
  app.get(`${base}/runs`, { ...finance, schema: { tags, querystring: reconciliationRunsQuery, response: { 200: reconciliationRunsResponse } } }, (request) =>
    reconciliation.runs(request.query.page, request.query.limit),
  );
  app.post(`${base}/runs`, { ...finance, schema: { tags, body: runNowBody, response: { 200: runNowResponse } } }, async (request) => ({
    run: await reconciliation.runNow(request.admin, request.body.source, request.body.day),
  }));
  app.get(`${base}/exceptions`, { ...finance, schema: { tags, querystring: exceptionsQuery, response: { 200: exceptionsResponse } } }, (request) => reconciliation.exceptions(request.query));

  const one = { tags, params: exceptionParams, response: { 200: exceptionResponse, ...failures(404, 409) } };
  const exception = (promise: Promise<unknown>) => promise.then((found) => ({ exception: found }));
  app.get(`${base}/exceptions/:id`, { ...finance, schema: one }, (request) => exception(reconciliation.exception(request.params.id)));
  app.post(`${base}/exceptions/:id/assign`, { ...finance, schema: { ...one, body: assignBody } }, (request) =>
    exception(reconciliation.assign(request.admin, request.params.id, request.body.assignee)),
  );
  app.post(`${base}/exceptions/:id/notes`, { ...finance, schema: { ...one, body: noteBody } }, (request) => exception(reconciliation.note(request.admin, request.params.id, request.body.note)));
  app.post(`${base}/exceptions/:id/match`, { ...finance, schema: { ...one, body: reasonBody } }, (request) =>
    exception(reconciliation.matchByHand(request.admin, request.params.id, request.body.reason)),
  );
  app.post(`${base}/exceptions/:id/correction`, { config: { ...finance.config, idempotent: true }, schema: { ...one, body: exceptionCorrectionBody } }, (request) =>
    exception(reconciliation.proposeCorrection(request.admin, request.params.id, request.body, idempotencyKey(request))),
  );
  app.post(`${base}/exceptions/:id/write-off`, { ...finance, schema: { ...one, body: reasonBody } }, (request) =>
    exception(reconciliation.proposeWriteOff(request.admin, request.params.id, request.body.reason)),
  );
  app.post(`${base}/exceptions/:id/write-off/decision`, { ...finance, schema: { ...one, body: writeOffDecisionBody } }, (request) =>
    exception(reconciliation.decideWriteOff(request.admin, request.params.id, request.body.approve, request.body.note)),
  );
}
