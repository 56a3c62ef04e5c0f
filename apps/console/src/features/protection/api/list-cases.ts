import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { harmCasesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export type HarmCaseStatus = 'open' | 'closed';
export interface HarmCasesFilter {
  status: HarmCaseStatus;
  limit: number;
}

/**
 * GET /api/admin/protection/cases: a page of open or closed cases (admin, support); asked afresh
 * each minute, as new cases open while the desk looks and each clock runs.
 */
export const useHarmCases = (filter: HarmCasesFilter, page: number) =>
  useQuery({
    queryKey: queryKeys.harm.caseList(filter, page),
    queryFn: () => {
      const query = new URLSearchParams({ status: filter.status, page: String(page), limit: String(filter.limit) });
      return api.get(`/api/admin/protection/cases?${query}`, { schema: harmCasesResponse }).then((answer) => answer.cases);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 60_000,
  });
