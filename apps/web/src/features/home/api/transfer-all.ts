import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { invalidateMoneyViews } from '../../../shared/api/wallet';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/wallet/transferAll: every balance to one place (the wallet, or a provider); the wallet, statement and condition reload. */
export function useTransferAll() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (to: string, idempotencyKey) => api.post('/api/wallet/transferAll', { to }, { schema: schemaOf('transferAllResponse'), idempotencyKey }),
    onSettled: () => invalidateMoneyViews(queryClient),
  });
}
