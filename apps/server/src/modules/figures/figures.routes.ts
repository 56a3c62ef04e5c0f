import { figuresResponse, realityCheckBody, realityCheckResponse, realityCheckSummary } from '@wallet/contract';
import { MEMBER } from '../../http/auth.js';
import type { App } from '../../http/types.js';
import type { FiguresService } from './figures.service.js';

const tags = ['figures'];

/** The member's own figures and reality-check setting (docs/adr/0380, 0381): signed-in members only, each their own. */
export function registerFiguresRoutes(app: App, figures: FiguresService): void {
  const member = { config: MEMBER };
  app.get('/api/figures', { ...member, schema: { tags, response: { 200: figuresResponse } } }, (request) => figures.figures(request.member));
  app.get('/api/figures/reality-check', { ...member, schema: { tags, response: { 200: realityCheckResponse } } }, async (request) => ({
    intervalMinutes: await figures.realityCheckInterval(request.member.memberId),
  }));
  app.put('/api/figures/reality-check', { ...member, schema: { tags, body: realityCheckBody, response: { 200: realityCheckResponse } } }, async (request) => ({
    intervalMinutes: await figures.setRealityCheckInterval(request.member.memberId, request.body.intervalMinutes),
  }));
  app.get('/api/figures/reality-check/summary', { ...member, schema: { tags, response: { 200: realityCheckSummary } } }, (request) =>
    figures.realityCheckSummary(request.member),
  );
}
