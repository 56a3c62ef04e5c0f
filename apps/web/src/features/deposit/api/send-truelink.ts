import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { type CallCallbacks, useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { invalidateMoneyViews } from '../../../shared/api/wallet';
import { encryptTruelink } from '../truelink';
import { schemaOf } from '../../../shared/api/answers';

/**
 * POST /api/wallet/truelink: redeems a TrueMoney gift link into the wallet; the money views reload.
 * The intent is the plain link: its encrypted form differs on every call.
 */
export function useSendTruelink({ onSuccess, onError }: CallCallbacks<{ amount: number }>) {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: async (plainLink: string, idempotencyKey) => api.post('/api/wallet/truelink', { link: await encryptTruelink(plainLink) }, { schema: schemaOf('truelinkResponse'), idempotencyKey }),
    onSuccess: async (data) => {
      await onSuccess?.(data);
      await invalidateMoneyViews(queryClient);
    },
    onError,
  });
}
