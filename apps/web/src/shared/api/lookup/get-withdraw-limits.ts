import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/withdraw: the operator's withdrawal minimum and maximum. */
export const useWithdrawLimits = () => useQuery({ queryKey: ['lookup', 'withdraw'], queryFn: () => api.get('/api/lookup/withdraw', { schema: schemaOf('withdrawLookupResponse') }) });
