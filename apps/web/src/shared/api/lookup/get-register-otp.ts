import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/registerOTP: whether registration asks for an SMS code. */
export const registerOtpFlagQuery = queryOptions({ queryKey: ['lookup', 'registerOTP'], queryFn: () => api.get('/api/lookup/registerOTP', { schema: schemaOf('registerOtpResponse') }) });
