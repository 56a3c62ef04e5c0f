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
    // The device forgets the session as the server is told, so a call answered meanwhile that the
    // session is over does not send the member to log in again and come back here.
    const ending = logout();
    clearSession();
    await ending;
    queryClient.clear();
    await navigate('/login');
  }, [navigate, queryClient]);
}
