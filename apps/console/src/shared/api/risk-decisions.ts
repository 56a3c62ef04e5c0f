import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { riskDecisionsResponse } from '@wallet/contract';
import { api } from './client';
import { queryKeys } from './keys';

export interface RiskDecisionsFilter {
  /** 'held': the decisions that were not approve (a review or a block); 'all': every one. */
  outcome: 'held' | 'all';
  memberId?: string;
  limit: number;
}

/**
 * GET /api/admin/risk/decisions: a page of the risk decisions, newest first. In shared/ because the
 * risk page (what is held) and the member page (the member's recent ones) both read it, and a
 * release reloads both.
 */
export const listRiskDecisions = (filter: RiskDecisionsFilter, page: number) => {
  const query = new URLSearchParams({ outcome: filter.outcome, page: String(page), limit: String(filter.limit) });
  if (filter.memberId) query.set('memberId', filter.memberId);
  return api.get(`/api/admin/risk/decisions?${query}`, { schema: riskDecisionsResponse }).then((answer) => answer.decisions);
};

/** Asked afresh each time it is shown (a movement held a moment ago is what the desk came for), and every minute. */
export const useRiskDecisions = (filter: RiskDecisionsFilter, page: number, { enabled = true } = {}) =>
  useQuery({ queryKey: queryKeys.risk.decisionList(filter, page), queryFn: () => listRiskDecisions(filter, page), placeholderData: keepPreviousData, staleTime: 0, refetchInterval: 60_000, enabled });
