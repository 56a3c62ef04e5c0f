import { useQuery } from '@tanstack/react-query';
import { withdrawLookupResponse } from '@wallet/contract';
import { api } from '../client';

/** GET /api/lookup/withdraw: the operator's withdrawal minimum and maximum. */
export const useWithdrawLimits = () => useQuery({ queryKey: ['lookup', 'withdraw'], queryFn: () => api.get('/api/lookup/withdraw', { schema: withdrawLookupResponse }) });
