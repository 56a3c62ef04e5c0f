import { offerCampaignBody, offerCampaignItem, offerCampaignListQuery, offerCampaignListResponse, offerCampaignParams, campaignSegment, segmentCountsResponse } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { CampaignService } from './campaigns.service.js';

const tags = ['admin'];

/** The console's offer campaigns: marketing (and admins) choose members, write the offer, send it once. */
export function registerCampaignRoutes(app: App, campaigns: CampaignService): void {
  const marketing = { config: operator('admin', 'marketing') };
  app.post('/api/admin/notice-campaigns/segment-counts', { ...marketing, schema: { tags, body: campaignSegment, response: { 200: segmentCountsResponse, ...failures(400) } } }, (request) =>
    campaigns.segmentCounts(request.body),
  );
  app.get('/api/admin/notice-campaigns', { ...marketing, schema: { tags, querystring: offerCampaignListQuery, response: { 200: offerCampaignListResponse } } }, (request) =>
    campaigns.list(request.query.page, request.query.limit),
  );
  // The console names the campaign: writing it again (a double click, a retry) answers the first.
  app.put('/api/admin/notice-campaigns/:id', { ...marketing, schema: { tags, params: offerCampaignParams, body: offerCampaignBody, response: { 200: offerCampaignItem, ...failures(400) } } }, (request) =>
    campaigns.create(request.admin, request.params.id, request.body),
  );
  app.post('/api/admin/notice-campaigns/:id/send', { ...marketing, schema: { tags, params: offerCampaignParams, response: { 200: offerCampaignItem, ...failures(404) } } }, (request) =>
    campaigns.send(request.admin, request.params.id),
  );
}
