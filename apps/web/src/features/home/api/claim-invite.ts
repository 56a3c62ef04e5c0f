import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateRewardViews } from '../../../shared/api/promotions/invalidate';
import { useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/invite/bonus: every accrued invite reward, once per intent. */
export function useClaimInvite() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (_unused: void, idempotencyKey) => api.get('/api/invite/bonus', { schema: schemaOf('rewardMessageResponse'), idempotencyKey }),
    onSettled: () => invalidateRewardViews(queryClient),
  });
}
