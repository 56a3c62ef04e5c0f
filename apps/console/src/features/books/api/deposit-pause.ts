import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configChange } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

type Decision = { id: string; decision: 'approve' | 'reject'; note?: string };
const decide = joinInFlight(
  ({ id, decision }: Decision) => `${id}:${decision}`,
  ({ id, decision, note }: Decision) => api.post(`/api/admin/books/deposit-pause/${id}/${decision}`, decision === 'reject' ? { note } : undefined, { schema: configChange }),
);

/** POST /api/admin/books/deposit-pause: proposes pausing or resuming deposits; nothing changes until a second operator approves. */
export function useProposeDepositPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { paused: boolean; reason: string }) => api.post('/api/admin/books/deposit-pause', body, { schema: configChange }),
    onSettled: () => Promise.all([queryKeys.books.exposure, queryKeys.configChanges.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** POST /api/admin/books/deposit-pause/{id}/approve|reject: the second operator's decision; approval takes effect at once. */
export function useDecideDepositPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => Promise.all([queryKeys.books.exposure, queryKeys.configChanges.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
