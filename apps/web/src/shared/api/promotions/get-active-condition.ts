import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/bonus/check/active: the member's one condition with its figures (home, withdraw, bonus). */
export const activeConditionQueryKey = ['bonus', 'active'] as const;
export const getActiveCondition = () => api.get('/api/bonus/check/active', { schema: schemaOf('bonusActiveResponse') });
/** The condition's query in a language, for reading it and for asking for it ahead (app/shells/first-reads.ts). */
export const activeConditionQuery = (language: string) => queryOptions({ queryKey: [...activeConditionQueryKey, language], queryFn: getActiveCondition });
export function useActiveCondition() {
  const { i18n } = useTranslation();
  return useQuery(activeConditionQuery(i18n.language));
}
