import { useQuery } from '@tanstack/react-query';
import { noticeFiguresResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/notices/figures: what became of the last 24 hours' notices, and each channel's tries and delays (admin, support, finance). */
export const useNoticeFigures = () =>
  useQuery({ queryKey: queryKeys.noticeFigures, queryFn: () => api.get('/api/admin/notices/figures', { schema: noticeFiguresResponse }), refetchInterval: 60_000 });
