import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApplyRestrictionBody, type LimitKind, memberProtectionResponse, messageResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/members/{id}/protection: limits, the restriction in force, every restriction (who, why), flagged deposits and the limit history. */
export const useMemberProtection = (id: string) =>
  useQuery({ queryKey: queryKeys.member.protection(id), queryFn: () => api.get(`/api/admin/members/${id}/protection`, { schema: memberProtectionResponse }) });

/** POST /api/admin/members/{id}/protection/restrictions {kind, period, reason}: a break or a self-exclusion applied by the desk; audited. */
export function useApplyRestriction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyRestrictionBody) => api.post(`/api/admin/members/${id}/protection/restrictions`, body, { schema: messageResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.protection(id) }),
  });
}

/** PUT /api/admin/members/{id}/protection/limits {kind, amount}: only ever tightens a limit (a looser one is 400); audited. */
export function useTightenLimit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: LimitKind; amount: number }) => api.put(`/api/admin/members/${id}/protection/limits`, body, { schema: messageResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.protection(id) }),
  });
}
