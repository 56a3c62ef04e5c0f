import { useQueryClient } from '@tanstack/react-query';
import { type SetLimitBody } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { type CallCallbacks, useSingleFlightMutation } from '../../../shared/api/useMoneyMutation';
import { protectionQueryKey } from '../../../shared/api/protection/get-protection';
import { schemaOf } from '../../../shared/api/answers';

/** PUT /api/protection/limits {kind, amount|null}: setting or lowering applies now; raising or removing waits; answers when it applies. */
export const setLimit = (body: SetLimitBody) => api.put('/api/protection/limits', body, { schema: schemaOf('setLimitResponse') });

export function useSetLimit({ onSuccess, onError }: CallCallbacks<{ appliesAt: number }>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: setLimit,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: protectionQueryKey });
      onSuccess?.(answer);
    },
    onError,
  });
}
