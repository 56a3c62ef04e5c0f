import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/registerOTP: whether registration asks for an SMS code (`enabled` false: not asked yet). */
export const useRegisterOtpFlag = ({ enabled = true } = {}) =>
  useQuery({ queryKey: ['lookup', 'registerOTP'], queryFn: () => api.get('/api/lookup/registerOTP', { schema: schemaOf('registerOtpResponse') }), enabled });
