import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inviteReviewDecisionResponse, inviteReviewsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/invite-reviews: invite rewards held for an overlap signal. */
export const useInviteReviews = (page: number) =>
  useQuery({ queryKey: queryKeys.inviteReviews.page(page), queryFn: () => api.get(`/api/admin/invite-reviews?page=${page}&limit=25`, { schema: inviteReviewsResponse }) });

type InviteDecision = { id: string; decision: 'approve' | 'refuse' };
const decideInvite = joinInFlight(
  ({ id, decision }: InviteDecision) => `${id}:${decision}`,
  ({ id, decision }: InviteDecision) => api.post(`/api/admin/invite-reviews/${id}/${decision}`, undefined, { schema: inviteReviewDecisionResponse }),
);

/** POST /api/admin/invite-reviews/{id}/approve|refuse: decided once. */
export function useDecideInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.inviteReviews.all }),
  });
}
