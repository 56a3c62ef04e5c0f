import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seedRotateResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { spinQueryKey } from '../../../shared/api/spin';

/** POST /api/spinwheel/seed: reveals the current server seed and commits to a new one. */
export function useRotateSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string | undefined) => api.post('/api/spinwheel/seed', clientSeed ? { clientSeed } : {}, { schema: seedRotateResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...spinQueryKey, 'fairness'] }),
  });
}
