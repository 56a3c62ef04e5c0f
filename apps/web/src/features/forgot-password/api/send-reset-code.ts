import { type PasswordForgotResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/login/forgot-password: an SMS code to the phone, if a member registered it (the answer is the same either way). */
export const sendResetCode = (phoneNumber: string): Promise<PasswordForgotResponse> =>
  api.post('/api/login/forgot-password', { phoneNumber }, { schema: schemaOf('passwordForgotResponse') });
