import { useQuery } from '@tanstack/react-query';
import { chatTemplatesResponse } from '@wallet/contract';
import { api } from './client';

/** The saved replies' query key: the inbox sends them, the saved-replies screen edits them. */
export const chatTemplatesQueryKey = ['chat', 'templates'] as const;

/** GET /api/admin/chat/templates: saved replies (text, buttons, quick replies, cards). */
export const useTemplates = () => useQuery({ queryKey: chatTemplatesQueryKey, queryFn: () => api.get('/api/admin/chat/templates', { schema: chatTemplatesResponse }) });
