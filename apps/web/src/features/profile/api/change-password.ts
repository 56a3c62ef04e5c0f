import type { PasswordChangeBody } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { type CallCallbacks, useSingleFlightMutation } from '../../../shared/api/useMoneyMutation';

/** PUT /api/account/changepwd: every other session of the member ends; this one stays signed in. */
export const changePassword = (body: PasswordChangeBody) => api.put('/api/account/changepwd', body);

/**
 * A double tap on save sends once. The second request would succeed too (with the old
 * password just replaced) and end every other session a second time, so it joins the first.
 */
export function useChangePassword({ onSuccess, onError }: CallCallbacks<unknown>) {
  return useSingleFlightMutation({ mutationFn: changePassword, onSuccess, onError });
}
