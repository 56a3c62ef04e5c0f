import { useQuery } from '@tanstack/react-query';
import { adminConversationsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export type ConversationFilter = 'open' | 'mine' | 'ended';
/** GET /api/admin/chat/conversations?filter=: newest first, with unread counts. */
export const useConversations = (filter: ConversationFilter) =>
  useQuery({ queryKey: queryKeys.chat.conversationsOf(filter), queryFn: () => api.get(`/api/admin/chat/conversations?filter=${filter}`, { schema: adminConversationsResponse }) });
