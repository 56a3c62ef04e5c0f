import { useQueryClient } from '@tanstack/react-query';
import { type ExclusionPeriod, type ProtectionStatus } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { type CallCallbacks, useSingleFlightMutation } from '../../../shared/api/useMoneyMutation';
import { protectionQueryKey } from '../../../shared/api/protection/get-protection';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/protection/exclusion {period}: self-exclusion, which cannot be shortened; answers the new status. */
export const selfExclude = (period: ExclusionPeriod) => api.post('/api/protection/exclusion', { period }, { schema: schemaOf('protectionStatus') });

export function useSelfExclude({ onSuccess, onError }: CallCallbacks<ProtectionStatus>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: selfExclude,
    onSuccess: (status) => {
      queryClient.setQueryData(protectionQueryKey, status);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== protectionQueryKey[0] });
      onSuccess?.(status);
    },
    onError,
  });
}
