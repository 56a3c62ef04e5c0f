import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/chat/config: the room PREFIX. */
export const useChatConfig = () => useQuery({ queryKey: ['chat', 'config'], queryFn: () => api.get('/api/chat/config', { schema: schemaOf('chatConfigResponse') }), staleTime: Number.POSITIVE_INFINITY });
