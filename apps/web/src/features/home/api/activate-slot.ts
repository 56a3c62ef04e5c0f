import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { walletQueryKey } from '../../../shared/api/wallet';

/** GET /api/wallet/activate/{code}: opens the member's account at a provider; the wallet reloads. */
export function useActivateSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.get(`/api/wallet/activate/${code}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}
