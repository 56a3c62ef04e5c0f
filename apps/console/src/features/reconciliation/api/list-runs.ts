import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reconciliationRunsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export const RUNS_PAGE_SIZE = 20;
/** GET /api/admin/reconciliation/runs: every run kept, newest first (the schedule's and the desk's). */
export const useRuns = (page: number) =>
  useQuery({
    queryKey: queryKeys.reconciliation.runs(page),
    queryFn: () => api.get(`/api/admin/reconciliation/runs?page=${page}&limit=${RUNS_PAGE_SIZE}`, { schema: reconciliationRunsResponse }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
