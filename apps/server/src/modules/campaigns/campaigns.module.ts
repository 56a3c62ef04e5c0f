import type { CampaignLanguage } from '@wallet/contract';
import type { Core } from '../../core.js';
import type { NoticeService } from '../notices/notices.service.js';
import { registerCampaignRoutes } from './campaigns.routes.js';
import { createCampaignService } from './campaigns.service.js';

/**
 * Offer campaigns: the operator's offers to a segment of members, sent as `offer` notices through
 * the notices outbox, which renders each from the campaign's texts in the member's language.
 */
export function registerCampaignModule(core: Pick<Core, 'app' | 'db' | 'now' | 'site' | 'auditTrail' | 'config' | 'jobs'>, uses: { notices: Pick<NoticeService, 'writeMany' | 'addTextSource'> }) {
  const { offersPerSecond } = core.config.notices;
  const campaigns = createCampaignService({
    db: core.db,
    now: core.now,
    siteLanguage: core.site.defaultLanguage as CampaignLanguage,
    auditTrail: core.auditTrail,
    notices: uses.notices,
    offersPerSecond: offersPerSecond.line + offersPerSecond.push,
  });
  uses.notices.addTextSource('offer', async (_db, notice) => (notice.facts.campaign ? campaigns.textOf(notice.facts.campaign, notice.language) : null));
  registerCampaignRoutes(core.app, campaigns);
  core.jobs.campaignSends = async () => ({ resumed: await campaigns.resumeStalled() });
  return { campaigns };
}
