import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConfigChange, configChange } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

type Decision = { id: string; decision: 'approve' | 'reject'; note?: string };

const decide = joinInFlight(
  ({ id, decision }: Decision) => `${id}:${decision}`,
  ({ id, decision, note }: Decision): Promise<ConfigChange> => api.post(`/api/admin/config-changes/${id}/${decision}`, decision === 'reject' ? { note } : undefined, { schema: configChange }),
);

/**
 * POST /api/admin/config-changes/{id}/approve|reject: a second operator decides; the change applies
 * on approval. The lists, offers, programmes, wheels and settings reload, decided or not (a change
 * another operator decided first answers ALREADY_DECIDED).
 */
export function useDecideConfigChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => Promise.all([queryKeys.configChanges.all, queryKeys.offers.all, queryKeys.programmes.all, queryKeys.spinwheels.all, queryKeys.settings.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
