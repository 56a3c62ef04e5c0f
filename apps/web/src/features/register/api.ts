import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type OtpSendResponse,
  type RegistrationBody,
  type RegistrationValidateBody,
  banksResponse,
  otpSendResponse,
  registerOtpResponse,
  registrationResponse,
  sourcesResponse,
} from '@wallet/contract';
import { api } from '../../shared/api/client';

export const useRegisterOtpFlag = () =>
  useQuery({
    queryKey: ['lookup', 'registerOTP'],
    queryFn: () => api.get('/api/lookup/registerOTP', { schema: registerOtpResponse }),
  });

export function useSources() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['lookup', 'sources', i18n.language],
    queryFn: () => api.get('/api/lookup/sources', { schema: sourcesResponse }),
  });
}

export const useBanks = () =>
  useQuery({ queryKey: ['lookup', 'banks'], queryFn: () => api.get('/api/lookup/banks', { schema: banksResponse }) });

export const validateRegistration = (body: RegistrationValidateBody) => api.post('/api/account/validate', body);
export const sendOtp = (phoneNumber: string): Promise<OtpSendResponse> =>
  api.post('/api/otp/send', { phoneNumber }, { schema: otpSendResponse });
export const verifyOtp = (otpToken: string, otpCode: string) => api.post('/api/otp/verify', { otpToken, otpCode });
export const createAccount = (body: RegistrationBody) => api.post('/api/account', body, { schema: registrationResponse });
