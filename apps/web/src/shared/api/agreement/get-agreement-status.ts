import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/account/agreement: whether the signed-in member has accepted the agreement's current version (home, the agreement). */
export const agreementStatusQueryKey = ['agreement', 'status'] as const;
export const useAgreementStatus = () => useQuery({ queryKey: agreementStatusQueryKey, queryFn: () => api.get('/api/account/agreement', { schema: schemaOf('agreementStatusResponse') }) });
