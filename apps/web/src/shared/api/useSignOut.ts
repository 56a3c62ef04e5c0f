import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../storage';
import { logout } from './logout';

/** Signs the member out: the session ends on the server, this device forgets it and its data, and /login shows. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logout();
    clearSession();
    queryClient.clear();
    await navigate('/login');
  }, [navigate, queryClient]);
}
