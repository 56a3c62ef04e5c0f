import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, refreshResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { invalidateMoneyViews } from '../../../shared/api/wallet';

/** GET /api/wallet/refresh/slot: asks every provider for its balance (SPEC §1 check-balance), then reloads the wallet and the condition's figures. */
export function useRefreshSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get('/api/wallet/refresh/slot', { schema: refreshResponse }),
    onSuccess: async () => {
      localStorage.setItem(STORAGE_KEYS.lastSync, new Date().toISOString());
      await invalidateMoneyViews(queryClient);
    },
  });
}
