import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConfigChange, configChange } from '@wallet/contract';
import { api } from '../../../shared/api/client';

type Decision = { id: string; decision: 'approve' | 'reject'; note?: string };
// A double click joins the decision already on its way instead of sending a second one.
const inFlight = new Map<string, Promise<ConfigChange>>();

function decide({ id, decision, note }: Decision): Promise<ConfigChange> {
  const key = `${id}:${decision}`;
  const running = inFlight.get(key);
  if (running) return running;
  const call = api.post(`/api/admin/config-changes/${id}/${decision}`, decision === 'reject' ? { note } : undefined, { schema: configChange }).finally(() => inFlight.delete(key));
  inFlight.set(key, call);
  return call;
}

/**
 * POST /api/admin/config-changes/{id}/approve|reject: a second operator decides; the change applies
 * on approval. The lists, offers, programmes, wheels and settings reload, decided or not (a change
 * another operator decided first answers ALREADY_DECIDED).
 */
export function useDecideConfigChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => Promise.all(['config-changes', 'offers', 'programme', 'campaigns', 'settings'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
