import { useQuery } from '@tanstack/react-query';
import { banksResponse } from '@wallet/contract';
import { api } from '../client';

/** GET /api/lookup/banks: the banks a member may register with. */
export const useBanks = () => useQuery({ queryKey: ['lookup', 'banks'], queryFn: () => api.get('/api/lookup/banks', { schema: banksResponse }) });
