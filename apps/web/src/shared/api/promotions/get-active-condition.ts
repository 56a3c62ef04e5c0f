import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/bonus/check/active: the member's one condition with its figures (home, withdraw, bonus). */
export const activeConditionQueryKey = ['bonus', 'active'] as const;
export function useActiveCondition() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: [...activeConditionQueryKey, i18n.language], queryFn: () => api.get('/api/bonus/check/active', { schema: schemaOf('bonusActiveResponse') }) });
}
