import {
  type Language,
  couponClaimBody,
  couponClaimResponse,
  couponListResponse,
  couponPreviewParams,
  couponQuery,
  rewardPreview,
  seedRotateBody,
  seedRotateResponse,
  spinActiveResponse,
  spinFairnessResponse,
  spinResultResponse,
  spinSetupResponse,
} from '@wallet/contract';
import { MEMBER } from '../../http/auth.js';
import { idempotencyKey } from '../../http/idempotency.js';
import { requestLanguage } from '../../http/language.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { SpinService } from './spin.service.js';

/** SPEC §7 Spin: exact paths; the fairness calls are ours (docs/adr/0154-verifiable-draw-commit-reveal.md). */
export function registerSpinRoutes(app: App, spins: SpinService, defaultLanguage: Language): void {
  const language = (request: Parameters<typeof requestLanguage>[0]) => requestLanguage(request, defaultLanguage);
  const member = { config: MEMBER };
  const money = { config: { ...MEMBER, idempotent: true } };
  const tags = ['spin'];

  app.get('/api/spinwheel/active', { ...member, schema: { tags, response: { 200: spinActiveResponse } } }, async (request) => ({ isActive: await spins.isActive(request.member) }));
  app.get('/api/spinwheel/setup', { ...member, schema: { tags, response: { 200: spinSetupResponse } } }, (request) => spins.setup(request.member, language(request)));
  app.post('/api/spinwheel/spin', { ...money, schema: { tags, response: { 200: spinResultResponse, ...failures(404, 422) } } }, (request) =>
    spins.spin(request.member, idempotencyKey(request), language(request)),
  );
  app.get('/api/spinwheel/coupon', { ...member, schema: { tags, querystring: couponQuery, response: { 200: couponListResponse } } }, (request) =>
    spins.coupons(request.member, request.query.page, request.query.limit, language(request)),
  );
  app.post('/api/spinwheel/coupon/claim', { ...money, schema: { tags, body: couponClaimBody, response: { 200: couponClaimResponse, ...failures(404, 422) } } }, (request) =>
    spins.claim(request.member, request.body.coupon, idempotencyKey(request), language(request)),
  );
  app.get('/api/spinwheel/coupon/preview/:coupon', { ...member, schema: { tags, params: couponPreviewParams, response: { 200: rewardPreview, ...failures(400, 404) } } }, (request) =>
    spins.preview(request.member, request.params.coupon),
  );
  app.get('/api/spinwheel/fairness', { ...member, schema: { tags, response: { 200: spinFairnessResponse } } }, (request) => spins.fairness(request.member, language(request)));
  app.post('/api/spinwheel/seed', { ...member, schema: { tags, body: seedRotateBody, response: { 200: seedRotateResponse } } }, (request) => spins.rotateSeed(request.member, request.body.clientSeed));
}
