import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AgentMessage, chatSendResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** POST /api/admin/chat/conversations/{id}/messages: a reply, a saved reply or a picture. */
export function useSendReply(conversationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: AgentMessage) => api.post(`/api/admin/chat/conversations/${conversationId}/messages`, { message, clientId: crypto.randomUUID().replaceAll('-', '') }, { schema: chatSendResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.chat.all }),
  });
}
