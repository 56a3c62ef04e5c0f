import { type OfferCampaignBody, offerCampaignItem } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** PUT /api/admin/notice-campaigns/{id}: the campaign as a draft under the id the form chose; written again, it answers the first. */
export const saveCampaign = (id: string, campaign: OfferCampaignBody) => api.put(`/api/admin/notice-campaigns/${id}`, campaign, { schema: offerCampaignItem });
