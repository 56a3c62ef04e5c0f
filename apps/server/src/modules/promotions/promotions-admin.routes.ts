import multipart from '@fastify/multipart';
import {
  adminBanner,
  adminBannersResponse,
  adminConditionResponse,
  adminOffer,
  adminOffersQuery,
  adminOffersResponse,
  agreementsBody,
  bannerFields,
  bannerParams,
  bannerPatchBody,
  bonusBody,
  conditionEndBody,
  inviteReviewDecisionResponse,
  inviteReviewsQuery,
  inviteReviewsResponse,
  memberIdParams,
  messageResponse,
  noticeBody,
  offerCodeParams,
  offerPatchBody,
  programmeBody,
  programmeParams,
  programmeResponse,
  promotionBody,
} from '@wallet/contract';
import { z } from 'zod';
import type { UploadStorage } from '../../adapters/upload-storage.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { BANNER_FILE, readBannerImage } from './banner-images.js';
import { answerOutcome, pendingResponse } from '../../http/pending.js';
import type { PromotionAdminService } from './promotions-admin.service.js';

const BANNER_MAX_BYTES = 10 * 1024 * 1024;
const tags = ['admin'];

/** The operator API for promotions, the console's and the tests' way to set offers up. */
export function registerPromotionAdminRoutes(app: App, admin: PromotionAdminService, storage: UploadStorage): void {
  const marketing = { config: operator('admin', 'marketing') };
  const conditionRoles = { config: operator('admin', 'finance', 'support') };

  app.get('/api/admin/offers', { ...marketing, schema: { tags, querystring: adminOffersQuery, response: { 200: adminOffersResponse } } }, async (request) => ({ offers: await admin.offers(request.query) }));
  // Above the approval thresholds these answer 202 with the change that waits for a second operator.
  app.post('/api/admin/bonuses', { ...marketing, schema: { tags, body: bonusBody, response: { 200: adminOffer, ...pendingResponse, ...failures(409) } } }, async (request, reply) =>
    answerOutcome(reply, await admin.createBonus(request.admin, request.body)),
  );
  app.patch('/api/admin/bonuses/:code', { ...marketing, schema: { tags, params: offerCodeParams, body: offerPatchBody, response: { 200: adminOffer, ...pendingResponse, ...failures(404) } } }, async (request, reply) =>
    answerOutcome(reply, await admin.patchBonus(request.admin, request.params.code, request.body)),
  );
  app.post('/api/admin/promotions', { ...marketing, schema: { tags, body: promotionBody, response: { 200: adminOffer, ...pendingResponse, ...failures(409) } } }, async (request, reply) =>
    answerOutcome(reply, await admin.createPromotion(request.admin, request.body)),
  );
  app.patch('/api/admin/promotions/:code', { ...marketing, schema: { tags, params: offerCodeParams, body: offerPatchBody, response: { 200: adminOffer, ...pendingResponse, ...failures(404) } } }, async (request, reply) =>
    answerOutcome(reply, await admin.patchPromotion(request.admin, request.params.code, request.body)),
  );

  app.get('/api/admin/programmes/:programme', { ...marketing, schema: { tags, params: programmeParams, response: { 200: programmeResponse } } }, (request) => admin.programme(request.params.programme));
  app.put('/api/admin/programmes/:programme', { ...marketing, schema: { tags, params: programmeParams, body: programmeBody, response: { 200: programmeResponse, ...pendingResponse } } }, async (request, reply) =>
    answerOutcome(reply, await admin.updateProgramme(request.admin, request.params.programme, request.body)),
  );

  app.get('/api/admin/banners', { ...marketing, schema: { tags, querystring: bannerFields.pick({ placement: true, offerCode: true }).partial(), response: { 200: adminBannersResponse } } }, async (request) => ({
    banners: await admin.banners(request.query),
  }));
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: BANNER_MAX_BYTES, files: 1, fields: 6, parts: 7, headerPairs: 100 } });
    scope.post('/api/admin/banners', { ...marketing, schema: { tags, consumes: ['multipart/form-data'], response: { 200: adminBanner, ...failures(404, 413) } } }, async (request) => {
      if (!request.isMultipart()) throw badRequest('SLIP_NO_FILE');
      let image: Buffer | null = null;
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (part.fieldname === 'file' && image === null) image = bytes;
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('SLIP_INVALID_FILE', 413);
        throw badRequest('SLIP_INVALID_FILE');
      }
      let html: unknown;
      try {
        html = JSON.parse(fields.html ?? '');
      } catch {
        throw badRequest('KEY_INVALID');
      }
      const parsed = bannerFields.safeParse({ ...fields, html });
      if (!parsed.success) throw badRequest(fields.placement === undefined ? 'KEY_MISSING' : 'KEY_INVALID');
      return admin.addBanner(request.admin, parsed.data, image);
    });
  });
  app.patch('/api/admin/banners/:id', { ...marketing, schema: { tags, params: bannerParams, body: bannerPatchBody, response: { 200: adminBanner, ...failures(404) } } }, (request) =>
    admin.patchBanner(request.admin, request.params.id, request.body),
  );
  app.delete('/api/admin/banners/:id', { ...marketing, schema: { tags, params: bannerParams, response: { 200: messageResponse, ...failures(404) } } }, async (request) => {
    await admin.deleteBanner(request.admin, request.params.id);
    return { message: 'SUCCESS' };
  });
  // The picture itself: public, like any marketing image, by its unguessable name.
  app.get('/api/banners/image/:file', { schema: { hide: true, params: z.object({ file: z.string().regex(BANNER_FILE) }) } }, async (request, reply) => {
    const image = (await admin.isBannerFile(request.params.file)) ? await readBannerImage(storage, request.params.file) : null;
    if (!image) throw notFound('NO_DATA');
    return reply.header('content-type', 'image/jpeg').header('cache-control', 'public, max-age=86400').send(image);
  });

  app.get('/api/admin/agreements', { ...marketing, schema: { tags, response: { 200: agreementsBody } } }, async () => ({ agreements: await admin.agreements() }));
  app.put('/api/admin/agreements', { ...marketing, schema: { tags, body: agreementsBody, response: { 200: agreementsBody } } }, async (request) => ({
    agreements: await admin.updateAgreements(request.admin, request.body.agreements),
  }));
  app.get('/api/admin/notice', { ...marketing, schema: { tags, response: { 200: noticeBody } } }, async () => ({ notice: await admin.notice() }));
  app.put('/api/admin/notice', { ...marketing, schema: { tags, body: noticeBody, response: { 200: noticeBody } } }, async (request) => ({ notice: await admin.updateNotice(request.admin, request.body.notice) }));

  app.get('/api/admin/members/:id/condition', { ...conditionRoles, schema: { tags, params: memberIdParams, response: { 200: adminConditionResponse } } }, (request) => admin.memberCondition(BigInt(request.params.id)));
  app.post('/api/admin/members/:id/conditions/end', { ...conditionRoles, schema: { tags, params: memberIdParams, body: conditionEndBody, response: { 200: adminConditionResponse, ...failures(404, 422) } } }, (request) =>
    admin.endCondition(request.admin, BigInt(request.params.id), request.body.reason),
  );

  const reviewers = { config: operator('admin', 'finance') };
  app.get('/api/admin/invite-reviews', { ...reviewers, schema: { tags, querystring: inviteReviewsQuery, response: { 200: inviteReviewsResponse } } }, (request) => admin.inviteReviews(request.query.page, request.query.limit));
  for (const [action, decision] of [['approve', 'accrued'], ['refuse', 'refused']] as const) {
    app.post(`/api/admin/invite-reviews/:id/${action}`, { ...reviewers, schema: { tags, params: bannerParams, response: { 200: inviteReviewDecisionResponse, ...failures(404, 409) } } }, (request) =>
      admin.decideInvite(request.admin, request.params.id, decision),
    );
  }
}
