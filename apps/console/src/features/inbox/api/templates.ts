import { useQuery } from '@tanstack/react-query';
import { chatTemplatesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** GET /api/admin/chat/templates: saved replies (text, buttons, quick replies, cards). */
export const useTemplates = () => useQuery({ queryKey: ['chat', 'templates'], queryFn: () => api.get('/api/admin/chat/templates', { schema: chatTemplatesResponse }) });
