import { useQuery } from '@tanstack/react-query';
import { chatConfigResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** GET /api/chat/config: the room PREFIX. */
export const useChatConfig = () => useQuery({ queryKey: ['chat', 'config'], queryFn: () => api.get('/api/chat/config', { schema: chatConfigResponse }), staleTime: Number.POSITIVE_INFINITY });
