import { useMutation, useQueryClient } from '@tanstack/react-query';
import { autoPayoutState } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

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
