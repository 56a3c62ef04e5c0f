import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankCreditsResponse, messageResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/bank-credits: the statement lines no member or several fit, and the last 30 days' figures (15 s refresh, as the queues). */
export const useBankCredits = () =>
  useQuery({ queryKey: queryKeys.bankCredits.all, queryFn: () => api.get('/api/admin/bank-credits?limit=100', { schema: bankCreditsResponse }), refetchInterval: 15_000 });

type Assignment = { id: string; memberId: string };
// A double click names (or credits) once: the second press joins the call on its way.
const assign = joinInFlight(
  ({ id, memberId }: Assignment) => `${id}:${memberId}`,
  ({ id, memberId }: Assignment) => api.post(`/api/admin/bank-credits/${id}/assign`, { memberId }, { schema: messageResponse }),
);

/**
 * POST /api/admin/bank-credits/:id/assign {memberId}: the first operator's call names the member
 * (`PROPOSED`), a second operator's with the same member credits it (`SUCCESS`). The list reloads either way.
 */
export function useAssignBankCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bankCredits.all }),
  });
}
