import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateRewardViews } from '../../../shared/api/promotions/invalidate';
import { useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/refund/receive: the refund owed, once per intent. */
export function useReceiveRefund() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (_unused: void, idempotencyKey) => api.get('/api/refund/receive', { schema: schemaOf('rewardMessageResponse'), idempotencyKey }),
    onSettled: () => invalidateRewardViews(queryClient),
  });
}
