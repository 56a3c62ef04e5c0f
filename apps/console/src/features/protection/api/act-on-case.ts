import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type HarmActionBody, harmCaseResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { reloadCase, showChangedCase } from './get-case';

export interface CaseAction {
  id: string;
  action: HarmActionBody;
}

// A double press sends the message, the break or the limit once: the second joins the first call.
const actOnCase = joinInFlight(
  ({ id, action }: CaseAction) => `${id}:${JSON.stringify(action)}`,
  ({ id, action }: CaseAction) => api.post(`/api/admin/protection/cases/${id}/actions`, action, { schema: harmCaseResponse }).then((answer) => answer.case),
);

/**
 * POST /api/admin/protection/cases/{id}/actions: a message in the member's support chat, a break,
 * a lowered limit (the member told in chat) or a note for the desk (409 ALREADY_DECIDED when closed).
 */
export function useCaseAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: actOnCase, onSuccess: (changed) => showChangedCase(queryClient, changed), onError: (_error, { id }) => reloadCase(queryClient, id) });
}
