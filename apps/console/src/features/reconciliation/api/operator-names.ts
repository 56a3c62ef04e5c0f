import { useQuery } from '@tanstack/react-query';
import { operatorsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/**
 * GET /api/admin/operators, read for the assignee picker: the usernames of active operators who may
 * work the queue (admin or finance). The server lists operators to admins only; for anyone else the
 * picker offers "me" and a typed username.
 */
export const useQueueOperators = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.reconciliation.operatorNames,
    queryFn: () => api.get('/api/admin/operators', { schema: operatorsResponse }),
    select: (answer) => answer.operators.filter((operator) => !operator.disabled && operator.roles.some((role) => role === 'admin' || role === 'finance')).map((operator) => operator.username),
    enabled,
    staleTime: 5 * 60_000,
  });
