import { useQueryClient } from '@tanstack/react-query';
import { transferAllResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { invalidateMoneyViews } from '../../../shared/api/wallet';

/** POST /api/wallet/transferAll: every balance to one place (the wallet, or a provider); the wallet, statement and condition reload. */
export function useTransferAll() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (to: string, idempotencyKey) => api.post('/api/wallet/transferAll', { to }, { schema: transferAllResponse, idempotencyKey }),
    onSettled: () => invalidateMoneyViews(queryClient),
  });
}
