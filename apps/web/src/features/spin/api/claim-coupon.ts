import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateSpinViews } from '../../../shared/api/spin';
import { useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/spinwheel/coupon/claim {coupon}: pays the prize once. */
export function useClaimCoupon() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (coupon: string, idempotencyKey) => api.post('/api/spinwheel/coupon/claim', { coupon }, { schema: schemaOf('couponClaimResponse'), idempotencyKey }),
    onSettled: () => invalidateSpinViews(queryClient),
  });
}
