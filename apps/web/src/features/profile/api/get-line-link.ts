import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

export const lineLinkQueryKey = ['notices', 'line'] as const;

/** GET /api/notices/line: whether the member's LINE is linked for notices, and whether they follow our LINE Official Account. */
export const useLineLink = () => useQuery({ queryKey: lineLinkQueryKey, queryFn: () => api.get('/api/notices/line', { schema: schemaOf('lineLinkStatus') }) });
