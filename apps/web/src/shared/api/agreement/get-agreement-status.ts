import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/account/agreement: whether the signed-in member has accepted the agreement's current version (home, the agreement). */
export const agreementStatusQueryKey = ['agreement', 'status'] as const;
export const getAgreementStatus = () => api.get('/api/account/agreement', { schema: schemaOf('agreementStatusResponse') });
/** The agreement's status query, for reading it and for asking for it ahead (app/shells/first-reads.ts). */
export const agreementStatusQuery = queryOptions({ queryKey: agreementStatusQueryKey, queryFn: getAgreementStatus });
export const useAgreementStatus = () => useQuery(agreementStatusQuery);
