import { useQuery } from '@tanstack/react-query';
import { registerOtpResponse } from '@wallet/contract';
import { api } from '../client';

/** GET /api/lookup/registerOTP: whether registration asks for an SMS code. */
export const useRegisterOtpFlag = () => useQuery({ queryKey: ['lookup', 'registerOTP'], queryFn: () => api.get('/api/lookup/registerOTP', { schema: registerOtpResponse }) });
