import { useQuery } from '@tanstack/react-query';
import { agreementStatusResponse } from '@wallet/contract';
import { api } from '../client';

/** GET /api/account/agreement: whether the signed-in member has accepted the agreement's current version (home, the agreement). */
export const agreementStatusQueryKey = ['agreement', 'status'] as const;
export const useAgreementStatus = () => useQuery({ queryKey: agreementStatusQueryKey, queryFn: () => api.get('/api/account/agreement', { schema: agreementStatusResponse }) });
