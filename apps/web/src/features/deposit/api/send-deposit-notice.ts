import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { type CallCallbacks, useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/wallet/add: the member's notice of a transfer, for an operator to check (manual mode); the statement reloads. */
export function useSendDepositNotice({ onSuccess, onError }: CallCallbacks<unknown>) {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (amount: number, idempotencyKey) => api.post('/api/wallet/add', { amount }, { schema: schemaOf('depositNoticeResponse'), idempotencyKey }),
    onSuccess: async (data) => {
      await onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: ['statement'] });
    },
    onError,
  });
}
