import { useQuery } from '@tanstack/react-query';
import { exceptionResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/reconciliation/exceptions/{id}: one exception with its detail and notes. */
export const useException = (id: string) =>
  useQuery({ queryKey: queryKeys.reconciliation.exception(id), queryFn: () => api.get(`/api/admin/reconciliation/exceptions/${id}`, { schema: exceptionResponse }).then((answer) => answer.exception) });
