import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type RiskCaseInbox, riskCasesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export type CaseStatusFilter = 'active' | 'open' | 'in_progress' | 'closed';
export interface CasesFilter {
  status: CaseStatusFilter;
  /** Unset: every inbox the operator's roles allow. */
  inbox?: RiskCaseInbox;
  mine: boolean;
  limit: number;
}

/** GET /api/admin/risk/cases: a page of the cases of the operator's inboxes, the latest alert first; asked afresh each minute. */
export const useRiskCases = (filter: CasesFilter, page: number) =>
  useQuery({
    queryKey: queryKeys.risk.caseList(filter, page),
    queryFn: () => {
      const query = new URLSearchParams({ status: filter.status, mine: String(filter.mine), page: String(page), limit: String(filter.limit) });
      if (filter.inbox) query.set('inbox', filter.inbox);
      return api.get(`/api/admin/risk/cases?${query}`, { schema: riskCasesResponse }).then((answer) => answer.cases);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 60_000,
  });
