import {
  adminMemberSpinsQuery,
  adminMemberSpinsResponse,
  adminSpinCampaign,
  adminSpinCampaignsResponse,
  campaignParams,
  couponVoidBody,
  memberIdParams,
  messageResponse,
  spinCampaignBody,
  spinReportResponse,
} from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { answerOutcome, pendingResponse } from '../../http/pending.js';
import type { SpinAdminService } from './spin-admin.service.js';

const tags = ['admin'];

/** The operator API for the spin wheel, the console's way to run campaigns. */
export function registerSpinAdminRoutes(app: App, admin: SpinAdminService): void {
  const marketing = { config: operator('admin', 'marketing') };
  const readers = { config: operator('admin', 'marketing', 'finance', 'support') };

  app.get('/api/admin/spinwheels', { ...readers, schema: { tags, response: { 200: adminSpinCampaignsResponse } } }, async () => ({ campaigns: await admin.campaigns() }));
  app.post('/api/admin/spinwheels', { ...marketing, schema: { tags, body: spinCampaignBody, response: { 200: adminSpinCampaign } } }, (request) => admin.create(request.admin, request.body));
  // A wheel above the approval thresholds answers 202 with the activation that waits for a second operator.
  app.post('/api/admin/spinwheels/:id/activate', { ...marketing, schema: { tags, params: campaignParams, response: { 200: adminSpinCampaign, ...pendingResponse, ...failures(404, 422) } } }, async (request, reply) =>
    answerOutcome(reply, await admin.activate(request.admin, request.params.id)),
  );
  app.post('/api/admin/spinwheels/:id/pause', { ...marketing, schema: { tags, params: campaignParams, response: { 200: adminSpinCampaign, ...failures(404, 409) } } }, (request) =>
    admin.pause(request.admin, request.params.id),
  );
  app.get('/api/admin/spinwheels/:id/report', { ...readers, schema: { tags, params: campaignParams, response: { 200: spinReportResponse, ...failures(404) } } }, (request) => admin.report(request.params.id));
  app.get('/api/admin/members/:id/spins', { ...readers, schema: { tags, params: memberIdParams, querystring: adminMemberSpinsQuery, response: { 200: adminMemberSpinsResponse } } }, (request) =>
    admin.memberSpins(BigInt(request.params.id), request.query.page, request.query.limit),
  );
  app.post('/api/admin/spinwheels/coupons/:id/void', { ...marketing, schema: { tags, params: campaignParams, body: couponVoidBody, response: { 200: messageResponse, ...failures(404, 409) } } }, (request) =>
    admin.voidCoupon(request.admin, request.params.id, request.body.reason),
  );
}
