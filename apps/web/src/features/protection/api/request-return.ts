import { useQueryClient } from '@tanstack/react-query';
import { type ProtectionStatus } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { type CallCallbacks, useSingleFlightMutation } from '../../../shared/api/useMoneyMutation';
import { protectionQueryKey } from '../../../shared/api/protection/get-protection';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/protection/return: after a self-exclusion's time has passed, the account opens 24 hours later (422 EXCLUSION_NOT_OVER before). */
export const requestReturn = () => api.post('/api/protection/return', {}, { schema: schemaOf('protectionStatus') });

export function useRequestReturn({ onSuccess, onError }: CallCallbacks<ProtectionStatus>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: requestReturn,
    onSuccess: (status) => {
      queryClient.setQueryData(protectionQueryKey, status);
      onSuccess?.(status);
    },
    onError,
  });
}
