import { useQuery } from '@tanstack/react-query';
import { type CampaignSegment, segmentCountsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** POST /api/admin/notice-campaigns/segment-counts: members the segment matches, and those an offer can reach. Asked for the segment last counted; null: not yet. */
export const countSegment = (segment: CampaignSegment) => api.post('/api/admin/notice-campaigns/segment-counts', segment, { schema: segmentCountsResponse });
export const useSegmentCounts = (segment: CampaignSegment | null) =>
  useQuery({ queryKey: queryKeys.noticeCampaigns.counts(segment), queryFn: () => countSegment(segment!), enabled: segment !== null });
