import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { offerCampaignListResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export const CAMPAIGNS_PAGE_SIZE = 20;
/** GET /api/admin/notice-campaigns: the campaigns, newest first, each with what became of its notices. */
export const getCampaigns = (page: number) => api.get(`/api/admin/notice-campaigns?page=${page}&limit=${CAMPAIGNS_PAGE_SIZE}`, { schema: offerCampaignListResponse });
export const useCampaigns = (page: number) =>
  // A campaign being sent moves on by itself: its counts are read again every few seconds.
  useQuery({ queryKey: queryKeys.noticeCampaigns.list(page), queryFn: () => getCampaigns(page), placeholderData: keepPreviousData, refetchInterval: 5_000 });
