import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

export const pushKeyQueryKey = ['notices', 'push-key'] as const;

/** GET /api/notices/push-key: the VAPID public key (base64url) browsers subscribe under; null where web push is not configured. */
export const usePushKey = () =>
  useQuery({ queryKey: pushKeyQueryKey, queryFn: () => api.get('/api/notices/push-key', { schema: schemaOf('pushKeyResponse') }), staleTime: Infinity });
