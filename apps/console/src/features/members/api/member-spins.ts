import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminMemberSpinsResponse, messageResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export const MEMBER_SPINS_PAGE = 10;

/** GET /api/admin/members/{id}/spins: the member's coins, spins and the coupons they became. */
export const useMemberSpins = (id: string, page: number) =>
  useQuery({ queryKey: queryKeys.member.spinsPage(id, page), queryFn: () => api.get(`/api/admin/members/${id}/spins?page=${page}&limit=${MEMBER_SPINS_PAGE}`, { schema: adminMemberSpinsResponse }), placeholderData: keepPreviousData });

/** POST /api/admin/spinwheels/coupons/{id}/void {reason}: withdraws an unclaimed prize; audited. */
export function useVoidCoupon(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coupon, reason }: { coupon: string; reason: string }) => api.post(`/api/admin/spinwheels/coupons/${coupon}/void`, { reason }, { schema: messageResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.spins(memberId) }),
  });
}
