import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminSpinCampaign, adminSpinCampaignsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { orPending } from '../../../shared/api/pending';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/spinwheels: every campaign with its slices and spins so far. */
export const useCampaigns = () => useQuery({ queryKey: queryKeys.spinwheels.all, queryFn: () => api.get('/api/admin/spinwheels', { schema: adminSpinCampaignsResponse }) });

/** POST /api/admin/spinwheels: a new campaign, as a draft. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.post('/api/admin/spinwheels', body, { schema: adminSpinCampaign }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.spinwheels.all }), queryClient.invalidateQueries({ queryKey: queryKeys.configChanges.all })]),
  });
}

/** POST /api/admin/spinwheels/{id}/activate|pause: one campaign runs at a time; a wheel above the thresholds waits for a second operator. */
export function useCampaignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'activate' | 'pause' }) => api.post(`/api/admin/spinwheels/${id}/${action}`, undefined, { schema: orPending(adminSpinCampaign) }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.spinwheels.all }), queryClient.invalidateQueries({ queryKey: queryKeys.configChanges.all })]),
  });
}
