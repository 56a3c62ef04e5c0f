import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AgentMessage, chatTemplatesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** POST /api/admin/chat/templates: a new saved reply; the answer is the whole list, which replaces the cached one. */
export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; message: AgentMessage }) => api.post('/api/admin/chat/templates', body, { schema: chatTemplatesResponse }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.chat.templates, answer),
  });
}
