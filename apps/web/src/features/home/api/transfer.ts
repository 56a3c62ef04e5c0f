import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { invalidateMoneyViews } from '../../../shared/api/wallet';
import { schemaOf } from '../../../shared/api/answers';

/**
 * POST /api/wallet/transfer between the wallet and a provider. One Idempotency-Key per member
 * intent (useMoneyMutation): a double tap or a retry moves money once. The wallet, statement and condition reload after.
 */
export function useTransfer() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (body: { from: string; to: string; amount: number }, idempotencyKey) => api.post('/api/wallet/transfer', body, { schema: schemaOf('transferResponse'), idempotencyKey }),
    onSettled: () => invalidateMoneyViews(queryClient),
  });
}
