import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskCaseResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { showChangedCase } from './get-case';

/**
 * POST /api/admin/risk/cases/{id}/snoozes: the rule leaves this member's decisions out for `days`
 * (1 to 180); only from a case closed as not confirmed (409 CASE_NOT_REVIEWED otherwise).
 */
export function useSnoozeRule(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (snooze: { code: string; days: number }) => api.post(`/api/admin/risk/cases/${id}/snoozes`, snooze, { schema: riskCaseResponse }).then((answer) => answer.case),
    onSuccess: (changed) => showChangedCase(queryClient, changed),
  });
}
