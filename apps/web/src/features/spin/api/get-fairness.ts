import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { api } from '../../../shared/api/client';
import { spinQueryKey } from '../../../shared/api/spin';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/spinwheel/fairness: the odds table, the committed seed and recent spins to verify. */
export function useFairness(enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: [...spinQueryKey, 'fairness', i18n.language], queryFn: () => api.get('/api/spinwheel/fairness', { schema: schemaOf('spinFairnessResponse') }), enabled });
}
