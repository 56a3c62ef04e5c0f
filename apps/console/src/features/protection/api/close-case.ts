import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CloseHarmCaseBody, harmCaseResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { reloadCase, showChangedCase } from './get-case';

export interface CaseClosing extends CloseHarmCaseBody {
  id: string;
}

// A double press closes once.
const closeCase = joinInFlight(
  ({ id }: CaseClosing) => id,
  ({ id, outcome, note }: CaseClosing) => api.post(`/api/admin/protection/cases/${id}/close`, { outcome, note }, { schema: harmCaseResponse }).then((answer) => answer.case),
);

/** POST /api/admin/protection/cases/{id}/close: the outcome and the desk's closing note (409 ALREADY_DECIDED when closed). */
export function useCloseHarmCase() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeCase, onSuccess: (changed) => showChangedCase(queryClient, changed), onError: (_error, { id }) => reloadCase(queryClient, id) });
}
