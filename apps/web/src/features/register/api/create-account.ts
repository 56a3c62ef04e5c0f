import { type RegistrationBody, registrationResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/account: registers the member (the server repeats every check). */
export const createAccount = (body: RegistrationBody) => api.post('/api/account', body, { schema: registrationResponse });
