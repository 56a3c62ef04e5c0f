import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/deposit: the operator's deposit methods and wallets, manual mode and minimum. */
export const useDepositMethods = () => useQuery({ queryKey: ['lookup', 'deposit'], queryFn: () => api.get('/api/lookup/deposit', { schema: schemaOf('depositLookupResponse') }) });
