import { useQuery } from '@tanstack/react-query';
import { exceptionsResponse } from '@wallet/contract';
import { api } from './client';
import { queryKeys } from './keys';

/**
 * Reconciliation exceptions waiting more than 24 hours with no one assigned: the figure the
 * reconciliation screen and the dashboard both show (nothing should stay unowned that long).
 * In shared/ because both features read it under one key.
 */
export const useUnownedOverDay = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.reconciliation.unowned,
    queryFn: () => api.get('/api/admin/reconciliation/exceptions?status=waiting&limit=1', { schema: exceptionsResponse }).then((answer) => answer.unownedOverDay),
    refetchInterval: 60_000,
    enabled,
  });
