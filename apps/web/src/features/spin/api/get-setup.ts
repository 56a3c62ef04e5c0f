import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { api } from '../../../shared/api/client';
import { spinQueryKey } from '../../../shared/api/spin';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/spinwheel/setup: the active wheel's slices and the member's coins. */
export function useSpinSetup() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: [...spinQueryKey, 'setup', i18n.language], queryFn: () => api.get('/api/spinwheel/setup', { schema: schemaOf('spinSetupResponse') }) });
}
