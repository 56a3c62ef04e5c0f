import type { PasswordResetBody } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/login/reset-password: the SMS code and its reference, and the new password; every session of the member ends. */
export const resetPassword = (body: PasswordResetBody) => api.post('/api/login/reset-password', body);
