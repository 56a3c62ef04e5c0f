import { useQuery } from '@tanstack/react-query';
import { enableChatWidgetResponse } from '@wallet/contract';
import { api } from '../client';

/** GET /api/lookup/enableChatWidget: whether the support chat is offered. */
export const useChatWidgetFlag = () => useQuery({ queryKey: ['lookup', 'enableChatWidget'], queryFn: () => api.get('/api/lookup/enableChatWidget', { schema: enableChatWidgetResponse }) });
