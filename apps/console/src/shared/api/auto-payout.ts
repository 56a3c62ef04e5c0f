import { useQuery } from '@tanstack/react-query';
import { autoPayoutState } from '@wallet/contract';
import { api } from './client';
import { queryKeys } from './keys';

/**
 * GET /api/admin/auto-payout (finance, admin): paused or not, each currency's limits and today's use,
 * the 30-day figures, payouts in flight. In shared/ because the queues' panel and the dashboard read it.
 */
export const useAutoPayout = () => useQuery({ queryKey: queryKeys.autoPayout.all, queryFn: () => api.get('/api/admin/auto-payout', { schema: autoPayoutState }), refetchInterval: 15_000 });
