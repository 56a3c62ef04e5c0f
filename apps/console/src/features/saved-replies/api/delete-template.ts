import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatTemplatesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** DELETE /api/admin/chat/templates/{id}: the answer is the list without it. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/chat/templates/${id}`, { schema: chatTemplatesResponse }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.chat.templates, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.chat.templates }),
  });
}
