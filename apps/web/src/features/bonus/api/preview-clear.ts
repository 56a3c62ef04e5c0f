import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { FRESH_PREVIEW, previewQueryKey } from '../../../shared/api/promotions/fresh-preview';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/bonus/clear/preview: what ending the condition now takes and what the member keeps. */
export const clearPreviewQuery = () =>
  queryOptions({
    queryKey: [...previewQueryKey, 'clear'],
    queryFn: () => api.get('/api/bonus/clear/preview', { schema: schemaOf('clearPreview') }),
    ...FRESH_PREVIEW,
  });
