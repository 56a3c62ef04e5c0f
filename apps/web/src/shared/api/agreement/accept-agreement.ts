import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { agreementStatusQueryKey } from './get-agreement-status';
import { schemaOf } from '../answers';

/** POST /api/account/agreement {version}: records the member's acceptance of the version shown (once; again changes nothing). */
export const acceptAgreement = (version: string) => api.post('/api/account/agreement', { version }, { schema: schemaOf('agreementStatusResponse') });

export function useAcceptAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAgreement,
    onSuccess: (status) => queryClient.setQueryData(agreementStatusQueryKey, status),
  });
}
