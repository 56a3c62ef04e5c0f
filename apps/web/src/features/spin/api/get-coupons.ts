import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@wallet/contract';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { api } from '../../../shared/api/client';
import { spinQueryKey } from '../../../shared/api/spin';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/spinwheel/coupon: the member's prizes, 3 a page (SPEC §9). */
export function useCoupons(page: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...spinQueryKey, 'coupons', page, i18n.language],
    queryFn: () => api.get(`/api/spinwheel/coupon?page=${page}&limit=${PAGE_SIZE.coupon}`, { schema: schemaOf('couponListResponse') }),
    placeholderData: keepPreviousData,
  });
}
