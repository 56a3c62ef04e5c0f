import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/sources: where a new member heard of the site, in the reader's language. */
export const sourcesQuery = (language: string) => queryOptions({ queryKey: ['lookup', 'sources', language], queryFn: () => api.get('/api/lookup/sources', { schema: schemaOf('sourcesResponse') }) });

export function useSources() {
  const { i18n } = useTranslation();
  return useQuery(sourcesQuery(i18n.language));
}
