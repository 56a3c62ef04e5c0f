import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type HarmCaseDetail, harmCaseResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/protection/cases/{id}: the case with the assessment that opened it and every action on it. */
export const useHarmCase = (id: string) =>
  useQuery({ queryKey: queryKeys.harm.case(id), queryFn: () => api.get(`/api/admin/protection/cases/${id}`, { schema: harmCaseResponse }).then((answer) => answer.case), staleTime: 0 });

/**
 * Every change to a case answers the case as it now stands: shown at once; the lists it moves
 * between, the dashboard's figures and the member's protection (a break, a lowered limit) reload.
 */
export function showChangedCase(queryClient: QueryClient, changed: HarmCaseDetail) {
  queryClient.setQueryData(queryKeys.harm.case(changed.id), changed);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.harm.cases, predicate: (query) => query.queryKey[2] === 'list' }),
    queryClient.invalidateQueries({ queryKey: queryKeys.harm.metrics }),
    queryClient.invalidateQueries({ queryKey: queryKeys.member.protection(changed.memberId) }),
  ]);
}

/** A change refused (the case closed meanwhile) reloads the case to show why. */
export const reloadCase = (queryClient: QueryClient, id: string) => queryClient.invalidateQueries({ queryKey: queryKeys.harm.case(id) });
