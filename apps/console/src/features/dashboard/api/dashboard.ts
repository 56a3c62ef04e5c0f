import { useQuery } from '@tanstack/react-query';
import { type CurrencyCode, dashboardResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/**
 * GET /api/admin/reports/dashboard?days=30[&currency=]: today, each of the last 30 days, and the
 * queues' age; the money of one wallet currency (the site's first unless asked).
 */
export const useDashboard = (currency: CurrencyCode | undefined) =>
  useQuery({
    queryKey: queryKeys.dashboard(currency),
    queryFn: () => api.get(`/api/admin/reports/dashboard?days=30${currency ? `&currency=${currency}` : ''}`, { schema: dashboardResponse }),
    refetchInterval: 60_000,
  });
