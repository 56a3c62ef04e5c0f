import { useQuery } from '@tanstack/react-query';
import { slipLookupResponse } from '@wallet/contract';
import { api } from '../client';

/** GET /api/lookup/slip: whether slip upload is open now, and how old a slip may be. */
export const useSlipWindow = () => useQuery({ queryKey: ['lookup', 'slip'], queryFn: () => api.get('/api/lookup/slip', { schema: slipLookupResponse }) });
