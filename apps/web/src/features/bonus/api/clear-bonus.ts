import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateRewardViews } from '../../../shared/api/promotions/invalidate';
import { useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/bonus/clear: ends the member's condition (money first comes back from the games). */
export function useClearBonus() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (_unused: void, idempotencyKey) => api.get('/api/bonus/clear', { schema: schemaOf('rewardMessageResponse'), idempotencyKey }),
    onSettled: () => invalidateRewardViews(queryClient),
  });
}
