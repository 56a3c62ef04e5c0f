import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatTemplatesResponse } from '@wallet/contract';
import { chatTemplatesQueryKey } from '../../../shared/api/chat-templates';
import { api } from '../../../shared/api/client';

/** DELETE /api/admin/chat/templates/{id}: the answer is the list without it. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/chat/templates/${id}`, { schema: chatTemplatesResponse }),
    onSuccess: (answer) => queryClient.setQueryData(chatTemplatesQueryKey, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: chatTemplatesQueryKey }),
  });
}
