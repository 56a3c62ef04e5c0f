import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateRewardViews } from '../../../shared/api/promotions/invalidate';
import { useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/promotion/activate/{code}. */
export function useActivatePromotion() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (code: string, idempotencyKey) => api.get(`/api/promotion/activate/${encodeURIComponent(code)}`, { schema: schemaOf('claimResponse'), idempotencyKey }),
    onSettled: () => invalidateRewardViews(queryClient),
  });
}
