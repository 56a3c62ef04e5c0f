import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

export const profileQueryKey = ['account', 'profile'] as const;

/** GET /api/account/profile: the member's name, phone and registered bank account. */
export const useProfile = () =>
  useQuery({ queryKey: profileQueryKey, queryFn: () => api.get('/api/account/profile', { schema: schemaOf('profileResponse') }) });
