import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateOperatorBody, type UpdateOperatorBody, operatorItem, operatorsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/operators (admins): every operator account. */
export const useOperators = () => useQuery({ queryKey: queryKeys.operators.all, queryFn: () => api.get('/api/admin/operators', { schema: operatorsResponse }) });

/** POST /api/admin/operators: a new account with its roles; the list reloads. */
export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOperatorBody) => api.post('/api/admin/operators', body, { schema: operatorItem }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.operators.all }),
  });
}

/** PUT /api/admin/operators/{id}: roles, disabling, a new password; the list reloads. */
export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateOperatorBody }) => api.put(`/api/admin/operators/${id}`, change, { schema: operatorItem }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.operators.all }),
  });
}
