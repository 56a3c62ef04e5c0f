import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NoticeKind, testNoticeResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/**
 * POST /api/admin/members/{id}/notices/test: one notice of `kind` to this member through the outbox;
 * the history reloads to show it. One key per intent, so a double click sends one.
 */
export function useSendTestNotice(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, idempotencyKey }: { kind: NoticeKind; idempotencyKey: string }) => api.post(`/api/admin/members/${memberId}/notices/test`, { kind }, { schema: testNoticeResponse, idempotencyKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.notices(memberId) }),
  });
}
