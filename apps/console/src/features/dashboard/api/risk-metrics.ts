import { useQuery } from '@tanstack/react-query';
import { riskMetricsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/risk/metrics: the median time from an alert to its decision and each rule's false positives, last 30 days (admin, finance). */
export const useRiskMetrics = () => useQuery({ queryKey: queryKeys.risk.metrics, queryFn: () => api.get('/api/admin/risk/metrics', { schema: riskMetricsResponse }), refetchInterval: 300_000 });
