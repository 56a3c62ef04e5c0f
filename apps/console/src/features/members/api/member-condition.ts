import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminConditionResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/members/{id}/condition: the member's withdrawal condition, with its figures. */
export const useMemberCondition = (id: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.member.condition(id), queryFn: () => api.get(`/api/admin/members/${id}/condition`, { schema: adminConditionResponse }), enabled });

/** POST /api/admin/members/{id}/conditions/end {reason}: lifts the rule and takes back the reward still held; audited. */
export function useEndCondition(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post(`/api/admin/members/${id}/conditions/end`, { reason }, { schema: adminConditionResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.of(id) }),
  });
}
