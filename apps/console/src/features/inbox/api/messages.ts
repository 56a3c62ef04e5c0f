import { useQuery } from '@tanstack/react-query';
import { chatHistoryResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/chat/conversations/{id}/messages: the newest 50, newest first. */
export const useMessages = (id: string | null) =>
  useQuery({ queryKey: queryKeys.chat.messages(id ?? ''), queryFn: () => api.get(`/api/admin/chat/conversations/${id}/messages?limit=50`, { schema: chatHistoryResponse }), enabled: id !== null });
