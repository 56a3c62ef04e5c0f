import { useQuery } from '@tanstack/react-query';
import { harmMetricsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/protection/cases/metrics: harm cases open and overdue now, and the last 30 days' time to a first action (admin, support). */
export const useHarmMetrics = () =>
  useQuery({ queryKey: queryKeys.harm.metrics, queryFn: () => api.get('/api/admin/protection/cases/metrics', { schema: harmMetricsResponse }), refetchInterval: 60_000 });
