import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { gameAccountQueryKey } from './get-game-account';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/wallet/resetpassword/{code}: a new game password; the shown account reloads. */
export function useResetGamePassword(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get(`/api/wallet/resetpassword/${code}`, { schema: schemaOf('resetPasswordResponse') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameAccountQueryKey(code) }),
  });
}
