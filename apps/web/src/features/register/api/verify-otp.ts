import { api } from '../../../shared/api/client';

/** POST /api/otp/verify: the code the member typed, for the token the send answered. */
export const verifyOtp = (otpToken: string, otpCode: string) => api.post('/api/otp/verify', { otpToken, otpCode });
