import { useQuery } from '@tanstack/react-query';
import { exposureResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/books/exposure: what is owed members against the bank balances, and the deposit pause. */
export const useExposure = () =>
  useQuery({
    queryKey: queryKeys.books.exposure,
    queryFn: () => api.get('/api/admin/books/exposure', { schema: exposureResponse }),
    refetchInterval: 60_000,
  });
