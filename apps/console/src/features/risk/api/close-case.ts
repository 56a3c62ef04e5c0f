import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RiskCaseOutcome, riskCaseResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { reloadCase, showChangedCase } from './get-case';

export type CloseAction = 'none' | 'block' | 'freeze';
export interface CaseClosing {
  id: string;
  outcome: RiskCaseOutcome;
  action: CloseAction;
  /** What the member reads in their support chat, when the case blocks them or freezes their withdrawals. */
  memberMessage?: string;
}

// A double press closes once.
const closeCase = joinInFlight(
  ({ id }: CaseClosing) => id,
  ({ id, ...body }: CaseClosing) => api.post(`/api/admin/risk/cases/${id}/close`, body, { schema: riskCaseResponse }).then((answer) => answer.case),
);

/** POST /api/admin/risk/cases/{id}/close: the outcome, and for a confirmed case what is done to the member (409 ALREADY_DECIDED when closed). */
export function useCloseCase() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeCase, onSuccess: (changed) => showChangedCase(queryClient, changed), onError: (_error, closing) => reloadCase(queryClient, closing.id) });
}
