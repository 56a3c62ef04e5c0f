import { type OtpSendResponse, otpSendResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/otp/send: an SMS code to the phone being registered. */
export const sendOtp = (phoneNumber: string): Promise<OtpSendResponse> => api.post('/api/otp/send', { phoneNumber }, { schema: otpSendResponse });
