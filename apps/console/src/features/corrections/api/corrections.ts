import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { correction, correctionsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

export const CORRECTIONS_PAGE_SIZE = 25;
/** GET /api/admin/corrections?status=: proposals and their decisions, newest first. */
export const listCorrections = (status: 'proposed' | 'approved' | 'rejected', page: number, limit = CORRECTIONS_PAGE_SIZE) =>
  api.get(`/api/admin/corrections?status=${status}&page=${page}&limit=${limit}`, { schema: correctionsResponse });
export const useCorrections = (status: 'proposed' | 'approved' | 'rejected', page: number) =>
  useQuery({ queryKey: queryKeys.corrections.list(status, page), queryFn: () => listCorrections(status, page), placeholderData: keepPreviousData });

type CorrectionDecision = { id: string; decision: 'approve' | 'reject'; reason?: string };
const decideCorrection = joinInFlight(
  ({ id, decision }: CorrectionDecision) => `${id}:${decision}`,
  ({ id, decision, reason }: CorrectionDecision) => api.post(`/api/admin/corrections/${id}/${decision}`, decision === 'reject' ? { reason } : undefined, { schema: correction }),
);

/** POST /api/admin/corrections/{id}/approve|reject: the second operator decides; the lists reload, decided or refused. */
export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCorrection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.corrections.all }),
  });
}
