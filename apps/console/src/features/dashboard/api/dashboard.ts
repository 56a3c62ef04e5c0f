import { useQuery } from '@tanstack/react-query';
import { dashboardResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** GET /api/admin/reports/dashboard?days=30: today, each of the last 30 days, and the queues' age. */
export const useDashboard = () => useQuery({ queryKey: ['dashboard'], queryFn: () => api.get('/api/admin/reports/dashboard?days=30', { schema: dashboardResponse }), refetchInterval: 60_000 });
