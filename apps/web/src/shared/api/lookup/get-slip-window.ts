import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/slip: whether slip upload is open now, and how old a slip may be. */
export const useSlipWindow = () => useQuery({ queryKey: ['lookup', 'slip'], queryFn: () => api.get('/api/lookup/slip', { schema: schemaOf('slipLookupResponse') }) });
