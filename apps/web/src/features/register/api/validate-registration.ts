import type { RegistrationValidateBody } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/account/validate: every registration check the fields given so far allow (DESIGN §6). */
export const validateRegistration = (body: RegistrationValidateBody) => api.post('/api/account/validate', body);
