import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/enableChatWidget: whether the support chat is offered. */
export const useChatWidgetFlag = () => useQuery({ queryKey: ['lookup', 'enableChatWidget'], queryFn: () => api.get('/api/lookup/enableChatWidget', { schema: schemaOf('enableChatWidgetResponse') }) });
