import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/promotion/find/{code}: a code the member typed, upper-cased (SPEC §5). */
export function useFindPromotion(code: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['bonus', 'promotion', code, i18n.language],
    queryFn: () => api.get(`/api/promotion/find/${encodeURIComponent(code!)}`, { schema: schemaOf('promotionResponse') }),
    enabled: code !== null,
    retry: false,
  });
}
