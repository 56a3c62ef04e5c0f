import { changeHarmRuleBody, closeHarmCaseBody, harmActionBody, harmCaseResponse, harmCasesQuery, harmCasesResponse, harmMetricsResponse, harmRuleParams, harmRulesResponse } from '@wallet/contract';
import { z } from 'zod';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { HarmService } from './harm.service.js';

const tags = ['admin'];
const idParams = z.object({ id: z.uuid() });

/** The cases markers of harm open, worked by support (and admins); the marker rules, changed by admins. */
export function registerHarmRoutes(app: App, harm: HarmService): void {
  const base = '/api/admin/protection';
  const desks = { config: operator('admin', 'support') };
  const detail = { tags, params: idParams, response: { 200: harmCaseResponse, ...failures(400, 404, 409) } };
  app.get(`${base}/cases`, { ...desks, schema: { tags, querystring: harmCasesQuery, response: { 200: harmCasesResponse } } }, async (request) => ({ cases: await harm.list(request.query) }));
  app.get(`${base}/cases/metrics`, { ...desks, schema: { tags, response: { 200: harmMetricsResponse } } }, () => harm.metrics());
  app.get(`${base}/cases/:id`, { ...desks, schema: detail }, async (request) => ({ case: await harm.detail(request.params.id) }));
  app.post(`${base}/cases/:id/actions`, { ...desks, schema: { ...detail, body: harmActionBody } }, async (request) => ({ case: await harm.act(request.params.id, request.body, request.admin) }));
  app.post(`${base}/cases/:id/close`, { ...desks, schema: { ...detail, body: closeHarmCaseBody } }, async (request) => ({ case: await harm.close(request.params.id, request.body, request.admin) }));
  app.get(`${base}/harm-rules`, { ...desks, schema: { tags, response: { 200: harmRulesResponse } } }, async () => ({ rules: await harm.rules() }));
  app.put(`${base}/harm-rules/:code`, { config: operator('admin'), schema: { tags, params: harmRuleParams, body: changeHarmRuleBody, response: { 200: harmRulesResponse, ...failures(400, 409) } } }, async (request) => ({
    rules: await harm.changeRule(request.params.code, request.body, request.admin),
  }));
}
