import { useQueryClient } from '@tanstack/react-query';
import { type Withdrawal } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { type CallCallbacks, useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { invalidateMoneyViews } from '../../../shared/api/wallet';
import { schemaOf } from '../../../shared/api/answers';

/**
 * POST /api/wallet/withdrawAll (SPEC §7: the one the withdraw modal uses): game balances come
 * back to the wallet first, then the amount goes to the registered bank account. The wallet and
 * statement reload.
 */
export function useWithdrawAll({ onSuccess, onError }: CallCallbacks<{ withdrawal: Withdrawal }>) {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (amount: number, idempotencyKey) => api.post('/api/wallet/withdrawAll', { amount }, { schema: schemaOf('withdrawResponse'), idempotencyKey }),
    onSuccess: async (data) => {
      await invalidateMoneyViews(queryClient);
      await onSuccess?.(data);
    },
    onError,
  });
}
