import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateMoneyViews } from '../../../shared/api/wallet';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/wallet/refresh/slot: asks every provider for its balance (SPEC §1 check-balance), then reloads the wallet and the condition's figures. */
export function useRefreshSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get('/api/wallet/refresh/slot', { schema: schemaOf('refreshResponse') }),
    // invalidateMoneyViews records the time of the figures.
    onSuccess: () => invalidateMoneyViews(queryClient),
  });
}
