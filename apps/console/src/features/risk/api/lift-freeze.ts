import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/**
 * DELETE /api/admin/risk/freezes/{memberId} (admins): the first admin proposes (`PROPOSED`), a second
 * lifts it (`SUCCESS`) and the member may withdraw again; every case of theirs reloads to say so.
 */
export function useLiftFreeze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api.delete(`/api/admin/risk/freezes/${memberId}`, { schema: messageResponse }).then((answer) => answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.risk.cases }),
  });
}
