import { type OtpSendResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/otp/send: an SMS code to the phone being registered. */
export const sendOtp = (phoneNumber: string): Promise<OtpSendResponse> => api.post('/api/otp/send', { phoneNumber }, { schema: schemaOf('otpSendResponse') });
