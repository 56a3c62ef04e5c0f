import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/contact: how to reach support, in the reader's language. */
export function useContact() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['lookup', 'contact', i18n.language], queryFn: () => api.get('/api/lookup/contact', { schema: schemaOf('contactResponse') }) });
}
