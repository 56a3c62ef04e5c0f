import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/agreements: the agreement modal's html, in the reader's language. */
export function useAgreements(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['lookup', 'agreements', i18n.language], queryFn: () => api.get('/api/lookup/agreements', { schema: schemaOf('agreementsResponse') }), enabled });
}
