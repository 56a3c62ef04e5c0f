import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** POST …/assign (to me), POST …/end (the member sees the end marker), PUT …/read. */
export function useConversationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'assign' | 'end' | 'read' }) =>
      action === 'read'
        ? api.put(`/api/admin/chat/conversations/${id}/read`, undefined, { schema: messageResponse })
        : api.post(`/api/admin/chat/conversations/${id}/${action}`, undefined, { schema: messageResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations }),
  });
}
