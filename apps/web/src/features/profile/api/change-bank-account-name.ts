import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { CallCallbacks } from '../../../shared/api/useMoneyMutation';
import { profileQueryKey } from './get-profile';

/** PUT /api/account/bankAccountName (SPEC §2 Profile, KTB/TMB/BBL only): the name in English; the profile reloads. */
export function useChangeBankAccountName(bankCode: string, { onSuccess, onError }: CallCallbacks<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bankAccountName: string) => api.put('/api/account/bankAccountName', { bankCode, bankAccountName }),
    onSuccess: async (_answer, bankAccountName) => {
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      await onSuccess?.(bankAccountName);
    },
    onError,
  });
}
