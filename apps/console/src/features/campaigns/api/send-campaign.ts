import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OfferCampaignBody, offerCampaignItem } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';
import { saveCampaign } from './save-campaign';

/** POST /api/admin/notice-campaigns/{id}/send: sends the campaign once; sent again, it answers the campaign as it stands. */
export const sendCampaign = (id: string) => api.post(`/api/admin/notice-campaigns/${id}/send`, undefined, { schema: offerCampaignItem });

/**
 * Writes the campaign under the id the form chose, then sends it: both calls are idempotent by that
 * id, so a double click, or a retry after a lost answer, sends once.
 */
export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, campaign }: { id: string; campaign: OfferCampaignBody }) => {
      await saveCampaign(id, campaign);
      return sendCampaign(id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.noticeCampaigns.all }),
  });
}
