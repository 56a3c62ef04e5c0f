import { useQuery } from '@tanstack/react-query';
import { chatTemplatesResponse } from '@wallet/contract';
import { api } from './client';
import { queryKeys } from './keys';

/** The saved replies' query key: the inbox sends them, the saved-replies screen edits them. */

/** GET /api/admin/chat/templates: saved replies (text, buttons, quick replies, cards). */
export const useTemplates = () => useQuery({ queryKey: queryKeys.chat.templates, queryFn: () => api.get('/api/admin/chat/templates', { schema: chatTemplatesResponse }) });
