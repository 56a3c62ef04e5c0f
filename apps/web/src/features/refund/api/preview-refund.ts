import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { FRESH_PREVIEW, previewQueryKey } from '../../../shared/api/promotions/fresh-preview';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/refund/preview: what taking the refund would do, in money (DESIGN §6). */
export const refundPreviewQuery = () =>
  queryOptions({
    queryKey: [...previewQueryKey, 'refund'],
    queryFn: () => api.get('/api/refund/preview', { schema: schemaOf('rewardPreview') }),
    ...FRESH_PREVIEW,
  });
