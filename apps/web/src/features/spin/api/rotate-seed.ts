import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { spinQueryKey } from '../../../shared/api/spin';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/spinwheel/seed: reveals the current server seed and commits to a new one. */
export function useRotateSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string | undefined) => api.post('/api/spinwheel/seed', clientSeed ? { clientSeed } : {}, { schema: schemaOf('seedRotateResponse') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...spinQueryKey, 'fairness'] }),
  });
}
