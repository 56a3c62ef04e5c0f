import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MemberBankChangeBody, messageResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export type MemberAction = 'block' | 'unblock' | 'sessions/end' | 'password-reset';

/** POST /api/admin/members/{id}/{action} {reason}: block, unblock, sign out everywhere, reset the password; the page reloads. */
export function useMemberAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: MemberAction; reason: string }) => api.post(`/api/admin/members/${id}/${action}`, { reason }, { schema: messageResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.of(id) }),
  });
}

/** PUT /api/admin/members/{id}/bank-account: the account withdrawals go to, with a reason; the page reloads. */
export function useChangeBankAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberBankChangeBody) => api.put(`/api/admin/members/${id}/bank-account`, body, { schema: messageResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.of(id) }),
  });
}
