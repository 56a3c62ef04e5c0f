import { useQueryClient } from '@tanstack/react-query';
import { type RealityCheckResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { type CallCallbacks, useSingleFlightMutation } from '../../../shared/api/useMoneyMutation';
import { realityCheckQueryKey } from './get-reality-check';
import { schemaOf } from '../../../shared/api/answers';

/** PUT /api/figures/reality-check {intervalMinutes}: 10 to 120; the running timer takes the new interval at once. */
export const setRealityCheckInterval = (intervalMinutes: number) => api.put('/api/figures/reality-check', { intervalMinutes }, { schema: schemaOf('realityCheckResponse') });

export function useSetRealityCheckInterval({ onSuccess, onError }: CallCallbacks<RealityCheckResponse>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: setRealityCheckInterval,
    onSuccess: (saved) => {
      queryClient.setQueryData(realityCheckQueryKey, saved);
      onSuccess?.(saved);
    },
    onError,
  });
}
