import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

export const realityCheckQueryKey = ['figures', 'reality-check'] as const;

/** GET /api/figures/reality-check: minutes between two reality checks (60 until the member chooses). */
export const useRealityCheckInterval = () =>
  useQuery({ queryKey: realityCheckQueryKey, queryFn: () => api.get('/api/figures/reality-check', { schema: schemaOf('realityCheckResponse') }), staleTime: Infinity });
