import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/refund/check: what is owed now (the server brings game results up to date first). */
export function useRefundCheck() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['refund', 'check', i18n.language], queryFn: () => api.get('/api/refund/check', { schema: schemaOf('refundCheckResponse') }) });
}
