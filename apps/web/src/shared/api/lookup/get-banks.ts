import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/banks: the banks a member may register with. */
export const banksQuery = queryOptions({ queryKey: ['lookup', 'banks'], queryFn: () => api.get('/api/lookup/banks', { schema: schemaOf('banksResponse') }) });
export const useBanks = () => useQuery(banksQuery);
