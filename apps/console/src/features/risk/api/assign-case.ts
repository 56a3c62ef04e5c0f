import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskCaseResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { reloadCase, showChangedCase } from './get-case';

/**
 * POST /api/admin/risk/cases/{id}/assign: `assignee` the operator's own name takes the case, another
 * operator's hands it on (400 NO_OPERATOR when no active operator has that name), null puts it back.
 */
export function useAssignCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignee: string | null) => api.post(`/api/admin/risk/cases/${id}/assign`, { assignee }, { schema: riskCaseResponse }).then((answer) => answer.case),
    onSuccess: (changed) => showChangedCase(queryClient, changed),
    onError: () => reloadCase(queryClient, id),
  });
}
