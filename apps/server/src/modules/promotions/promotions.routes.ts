import {
  type Language,
  bannersResponse,
  bonusActiveResponse,
  bonusListResponse,
  bonusMinimumResponse,
  claimResponse,
  clearPreview,
  currentPromotionResponse,
  inviteInfoResponse,
  inviteListResponse,
  offerCodeParams,
  pageBody,
  promotionResponse,
  refundCheckResponse,
  refundListResponse,
  rewardMessageResponse,
  rewardPreview,
} from '@wallet/contract';
import { MEMBER } from '../../http/auth.js';
import { idempotencyKey } from '../../http/idempotency.js';
import { requestLanguage } from '../../http/language.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { OfferService } from './offers.service.js';
import type { ProgrammeService } from './programmes.service.js';

/** SPEC §7 Bonus and promotion, Invite and refund: exact paths; claims are GETs there, and take an Idempotency-Key. */
export function registerPromotionRoutes(app: App, services: { offers: OfferService; programmes: ProgrammeService }, defaultLanguage: Language): void {
  const { offers, programmes } = services;
  const language = (request: Parameters<typeof requestLanguage>[0]) => requestLanguage(request, defaultLanguage);
  const member = { config: MEMBER };
  const claim = { config: { ...MEMBER, idempotent: true } };
  const tags = ['bonus'];

  app.get('/api/bonus', { ...member, schema: { tags, response: { 200: bonusListResponse } } }, async (request) => ({ bonuses: await offers.list(request.member, language(request)) }));
  app.get('/api/bonus/activate/:code', { ...claim, schema: { tags, params: offerCodeParams, response: { 200: claimResponse, ...failures(404, 409, 422) } } }, (request) =>
    offers.activateBonus(request.member, request.params.code, idempotencyKey(request)),
  );
  app.get('/api/bonus/check/active', { ...member, schema: { tags, response: { 200: bonusActiveResponse } } }, (request) => offers.checkActive(request.member, language(request)));
  app.get('/api/bonus/check/minimum', { ...member, schema: { tags, response: { 200: bonusMinimumResponse } } }, (request) => offers.checkMinimum(request.member));
  // What a claim or ending would do, in money, before the member accepts (DESIGN §6).
  app.get('/api/bonus/preview/:code', { ...member, schema: { tags, params: offerCodeParams, response: { 200: rewardPreview, ...failures(404) } } }, (request) =>
    offers.preview(request.member, request.params.code),
  );
  app.get('/api/bonus/clear/preview', { ...member, schema: { tags, response: { 200: clearPreview, ...failures(404) } } }, (request) => offers.clearPreview(request.member));
  app.get('/api/bonus/clear', { ...claim, schema: { tags, response: { 200: rewardMessageResponse, ...failures(404, 422, 502) } } }, (request) =>
    offers.clear(request.member, idempotencyKey(request)),
  );

  app.get('/api/promotion/current', { ...member, schema: { tags, response: { 200: currentPromotionResponse } } }, async (request) => ({
    promotion: await offers.currentPromotion(request.member, language(request)),
  }));
  app.get('/api/promotion/find/:code', { ...member, schema: { tags, params: offerCodeParams, response: { 200: promotionResponse, ...failures(404) } } }, (request) =>
    offers.findPromotion(request.member, request.params.code, language(request)),
  );
  app.get('/api/promotion/activate/:code', { ...claim, schema: { tags, params: offerCodeParams, response: { 200: claimResponse, ...failures(404, 409, 422) } } }, (request) =>
    offers.activatePromotion(request.member, request.params.code, idempotencyKey(request)),
  );

  const invite = ['invite'];
  app.post('/api/invite', { ...member, schema: { tags: invite, body: pageBody, response: { 200: inviteListResponse } } }, (request) => programmes.invites(request.member, request.body.page, request.body.limit));
  app.get('/api/invite/bonus', { ...claim, schema: { tags: invite, response: { 200: rewardMessageResponse, ...failures(404, 422) } } }, (request) =>
    programmes.claimInvite(request.member, idempotencyKey(request)),
  );
  app.get('/api/invite/bonus/preview', { ...member, schema: { tags: invite, response: { 200: rewardPreview } } }, (request) => programmes.previewInvite(request.member));
  app.get('/api/invite/info', { ...member, schema: { tags: invite, response: { 200: inviteInfoResponse } } }, (request) => programmes.inviteInfo(language(request)));
  app.get('/api/invite/banners', { ...member, schema: { tags: invite, response: { 200: bannersResponse } } }, (request) => programmes.banners('invite', language(request)));

  const refund = ['refund'];
  app.post('/api/refund', { ...member, schema: { tags: refund, body: pageBody, response: { 200: refundListResponse } } }, (request) => programmes.refunds(request.member, request.body.page, request.body.limit));
  app.get('/api/refund/preview', { ...member, schema: { tags: refund, response: { 200: rewardPreview } } }, (request) => programmes.previewRefund(request.member));
  app.get('/api/refund/check', { ...member, schema: { tags: refund, response: { 200: refundCheckResponse } } }, (request) => programmes.checkRefund(request.member, language(request)));
  // SPEC §7 names both; they are one claim (docs/adr/0138-refunds-promotions.md), replayed by its Idempotency-Key.
  for (const path of ['/api/refund/receive', '/api/refund/addWallet']) {
    app.get(path, { ...claim, schema: { tags: refund, response: { 200: rewardMessageResponse, ...failures(404, 422) } } }, (request) => programmes.claimRefund(request.member, idempotencyKey(request)));
  }
  app.get('/api/refund/banners', { ...member, schema: { tags: refund, response: { 200: bannersResponse } } }, (request) => programmes.banners('refund', language(request)));
}
