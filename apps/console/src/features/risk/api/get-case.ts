import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type RiskCaseDetail, riskCaseResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/risk/cases/{id}: the case with its decisions, notes, snoozes and the member's freeze. */
export const useRiskCase = (id: string) =>
  useQuery({ queryKey: queryKeys.risk.case(id), queryFn: () => api.get(`/api/admin/risk/cases/${id}`, { schema: riskCaseResponse }).then((answer) => answer.case), staleTime: 0 });

/** Every change to a case answers the case as it now stands: shown at once, and the lists it moves between reload. */
export function showChangedCase(queryClient: QueryClient, changed: RiskCaseDetail) {
  queryClient.setQueryData(queryKeys.risk.case(changed.id), changed);
  return queryClient.invalidateQueries({ queryKey: queryKeys.risk.cases, predicate: (query) => query.queryKey[2] === 'list' });
}

/** A change refused (taken by someone else, already closed) reloads the case to show why. */
export const reloadCase = (queryClient: QueryClient, id: string) => queryClient.invalidateQueries({ queryKey: queryKeys.risk.case(id) });
