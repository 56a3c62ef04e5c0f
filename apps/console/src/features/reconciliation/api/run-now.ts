import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReconciliationSourceName, runNowResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

type RunAsked = { source: ReconciliationSourceName; day: string };
// A second press while a source's day runs joins that run: one run, one audit entry.
const runNow = joinInFlight(
  ({ source, day }: RunAsked) => `${source}:${day}`,
  (body: RunAsked) => api.post('/api/admin/reconciliation/runs', body, { schema: runNowResponse }).then((answer) => answer.run),
);

/** POST /api/admin/reconciliation/runs: a source's day matched now; the runs and the queue reload. */
export function useRunNow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runNow, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reconciliation.all }) });
}
