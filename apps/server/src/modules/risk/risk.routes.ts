import { z } from 'zod';
import { changeRiskRuleBody, riskDecisionResponse, riskDryRunBody, riskDryRunResponse, riskDecisionsQuery, riskDecisionsResponse, riskRuleVersion, riskRuleVersionsResponse, riskRulesResponse } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { RiskService } from './risk.service.js';

const tags = ['admin'];
const codeParams = z.object({ code: z.string().regex(/^[a-z_]{3,40}$/) });
const idParams = z.object({ id: z.uuid() });

/** The risk rules and decisions, for admins (rules) and the desk that reviews held movements. */
export function registerRiskRoutes(app: App, risk: RiskService): void {
  const base = '/api/admin/risk';
  const admin = { config: operator('admin') };
  const desk = { config: operator('admin', 'finance') };
  app.get(`${base}/rules`, { ...desk, schema: { tags, response: { 200: riskRulesResponse } } }, async () => ({ rules: await risk.rules() }));
  app.get(`${base}/rules/:code/versions`, { ...desk, schema: { tags, params: codeParams, response: { 200: riskRuleVersionsResponse, ...failures(404) } } }, async (request) => ({
    versions: await risk.versionsOf(request.params.code),
  }));
  app.post(`${base}/rules/:code`, { ...admin, schema: { tags, params: codeParams, body: changeRiskRuleBody, response: { 200: riskRuleVersion, ...failures(404, 409) } } }, (request) =>
    risk.changeRule(request.params.code, request.body, request.admin),
  );
  app.post(`${base}/rules/:code/dry-run`, { ...desk, schema: { tags, params: codeParams, body: riskDryRunBody, response: { 200: riskDryRunResponse, ...failures(404) } } }, (request) =>
    risk.dryRun(request.params.code, request.body),
  );
  app.get(`${base}/decisions`, { ...desk, schema: { tags, querystring: riskDecisionsQuery, response: { 200: riskDecisionsResponse } } }, async (request) => {
    const { outcome, memberId, page, limit } = request.query;
    return { decisions: await risk.decisions({ outcome, ...(memberId ? { memberId: BigInt(memberId) } : {}) }, page, limit) };
  });
  app.post(`${base}/decisions/:id/release`, { ...desk, schema: { tags, params: idParams, response: { 200: riskDecisionResponse, ...failures(404, 409) } } }, async (request) => ({
    decision: await risk.release(request.params.id, request.admin),
  }));
}
