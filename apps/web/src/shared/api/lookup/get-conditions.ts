import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/conditions: the site's terms, in the reader's language. */
export function useConditions(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['lookup', 'conditions', i18n.language], queryFn: () => api.get('/api/lookup/conditions', { schema: schemaOf('conditionsResponse') }), enabled });
}
