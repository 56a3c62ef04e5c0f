import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/bonus: the bonuses on offer with the member's state of each (SPEC §3 Bonus). */
export function useBonuses() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['bonus', 'list', i18n.language], queryFn: () => api.get('/api/bonus', { schema: schemaOf('bonusListResponse') }) });
}
