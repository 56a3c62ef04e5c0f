import type { PasswordChangeBody } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** PUT /api/account/changepwd: every other session of the member ends; this one stays signed in. */
export const changePassword = (body: PasswordChangeBody) => api.put('/api/account/changepwd', body);
