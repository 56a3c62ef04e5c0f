import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApplyRestrictionBody, type LimitKind, memberProtectionResponse, messageResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
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

// A double press proposes (or lifts) once: the second joins the first call.
const liftRestriction = joinInFlight(
  ({ memberId, restrictionId }: { memberId: string; restrictionId: string }) => `${memberId}:${restrictionId}`,
  ({ memberId, restrictionId }: { memberId: string; restrictionId: string }) =>
    api.post(`/api/admin/members/${memberId}/protection/restrictions/${restrictionId}/lift`, undefined, { schema: messageResponse }).then((answer) => answer.message),
);

/**
 * POST /api/admin/members/{id}/protection/restrictions/{restrictionId}/lift: an operator-applied
 * break or exclusion in force ends early only with two operators. The first proposes (`PROPOSED`), a
 * different one lifts it (`SUCCESS`); the same one again is 403 FOUR_EYES. Either way the panel reloads.
 */
export function useLiftRestriction(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (restrictionId: string) => liftRestriction({ memberId, restrictionId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.protection(memberId) }),
  });
}
