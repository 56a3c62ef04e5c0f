import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { FRESH_PREVIEW, previewQueryKey } from '../../../shared/api/promotions/fresh-preview';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/spinwheel/coupon/preview/{coupon}: what claiming a cash or bonus prize would do, in money (DESIGN §6). */
export const couponPreviewQuery = (coupon: string) =>
  queryOptions({
    queryKey: [...previewQueryKey, 'coupon', coupon],
    queryFn: () => api.get(`/api/spinwheel/coupon/preview/${encodeURIComponent(coupon)}`, { schema: schemaOf('rewardPreview') }),
    ...FRESH_PREVIEW,
  });
