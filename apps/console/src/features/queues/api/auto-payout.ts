import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { autoPayoutState } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/auto-payout (finance, admin): paused or not, each currency's limits and today's use, the 30-day figures, payouts in flight. */
export const useAutoPayout = (enabled = true) =>
  useQuery({ queryKey: queryKeys.autoPayout.all, queryFn: () => api.get('/api/admin/auto-payout', { schema: autoPayoutState }), refetchInterval: 15_000, enabled });

// A double click on the dialog's confirm joins the first call: one request, one audit line.
const setPaused = joinInFlight(
  ({ paused }: { paused: boolean; reason: string }) => String(paused),
  (body: { paused: boolean; reason: string }) => api.put('/api/admin/auto-payout/pause', body, { schema: autoPayoutState }),
);

/** PUT /api/admin/auto-payout/pause: finance or an admin pauses; only an admin resumes. The queue reloads, as its reasons change. */
export function usePauseAutoPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaused,
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.autoPayout.all, state);
      return queryClient.invalidateQueries({ queryKey: queryKeys.queues.of('withdrawals') });
    },
  });
}
