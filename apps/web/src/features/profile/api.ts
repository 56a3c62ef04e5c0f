import { useQuery } from '@tanstack/react-query';
import { profileResponse } from '@wallet/contract';
import { api } from '../../shared/api/client';

export const profileQueryKey = ['account', 'profile'] as const;

export const useProfile = () =>
  useQuery({ queryKey: profileQueryKey, queryFn: () => api.get('/api/account/profile', { schema: profileResponse }) });
