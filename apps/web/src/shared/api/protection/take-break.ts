import { useQueryClient } from '@tanstack/react-query';
import { type BreakPeriod, type ProtectionStatus } from '@wallet/contract';
import { api } from '../client';
import { type CallCallbacks, useSingleFlightMutation } from '../useMoneyMutation';
import { protectionQueryKey } from './get-protection';
import { schemaOf } from '../answers';

/** POST /api/protection/break {period}: starts a break at once (a second one adds nothing longer); answers the new status. */
export const takeBreak = (period: BreakPeriod) => api.post('/api/protection/break', { period }, { schema: schemaOf('protectionStatus') });

/** One call per tap: a double tap joins the call in flight. */
export function useTakeBreak({ onSuccess, onError }: CallCallbacks<ProtectionStatus>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: takeBreak,
    onSuccess: (status) => {
      queryClient.setQueryData(protectionQueryKey, status);
      // Games, deposits and rewards are closed now: what shows them is read again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== protectionQueryKey[0] });
      onSuccess?.(status);
    },
    onError,
  });
}
