import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { FRESH_PREVIEW, previewQueryKey } from '../../../shared/api/promotions/fresh-preview';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/invite/bonus/preview: what taking the invite rewards would do, in money (DESIGN §6). */
export const invitePreviewQuery = () =>
  queryOptions({
    queryKey: [...previewQueryKey, 'invite'],
    queryFn: () => api.get('/api/invite/bonus/preview', { schema: schemaOf('rewardPreview') }),
    ...FRESH_PREVIEW,
  });
