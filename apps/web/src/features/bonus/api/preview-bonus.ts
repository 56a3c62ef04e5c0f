import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { FRESH_PREVIEW, previewQueryKey } from '../../../shared/api/promotions/fresh-preview';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/bonus/preview/{code}: what taking a bonus or a promotion code would do, in money (DESIGN §6). */
export const bonusPreviewQuery = (code: string) =>
  queryOptions({
    queryKey: [...previewQueryKey, 'bonus', code],
    queryFn: () => api.get(`/api/bonus/preview/${encodeURIComponent(code)}`, { schema: schemaOf('rewardPreview') }),
    ...FRESH_PREVIEW,
  });
