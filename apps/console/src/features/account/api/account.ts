import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponse, operatorSessionsResponse, recoveryCodesResponse, totpSetupResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/sessions: the operator's own sessions still in force. */
export const useMySessions = () => useQuery({ queryKey: queryKeys.sessions.all, queryFn: () => api.get('/api/admin/sessions', { schema: operatorSessionsResponse }) });

/** DELETE /api/admin/sessions/{id}: ends one of them (a token left on another desk). */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api.delete(`/api/admin/sessions/${id}`, { schema: messageResponse }), onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all }) });
}

/** POST /api/admin/me/totp: a new authenticator key, pending until a code from it is confirmed. */
export const useStartTotp = () => useMutation({ mutationFn: () => api.post('/api/admin/me/totp', undefined, { schema: totpSetupResponse }) });

/** POST /api/admin/me/totp/enable: the first code turns it on; the recovery codes are shown once. */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post('/api/admin/me/totp/enable', { code }, { schema: recoveryCodesResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}

/** POST /api/admin/me/totp/disable: a current code (or a recovery code) turns it off. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (code: string) => api.post('/api/admin/me/totp/disable', { code }, { schema: messageResponse }), onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.all }) });
}
