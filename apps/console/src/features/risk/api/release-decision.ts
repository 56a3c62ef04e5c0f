import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskDecisionResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

// A double press releases once and reads as one success (the second joins the first call).
const releaseDecision = joinInFlight(
  (id: string) => id,
  (id: string) => api.post(`/api/admin/risk/decisions/${id}/release`, undefined, { schema: riskDecisionResponse }).then((answer) => answer.decision),
);

/**
 * POST /api/admin/risk/decisions/{id}/release: a block lets the member make the same movement once,
 * up to its amount, within 24 h; a deposit's review stops holding the member's withdrawals for it.
 * Done or refused (409 ALREADY_DECIDED), every list of decisions, and every case, reloads to show who released it.
 */
export function useReleaseDecision() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: releaseDecision, onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.risk.decisions }), queryClient.invalidateQueries({ queryKey: queryKeys.risk.cases })]) });
}
