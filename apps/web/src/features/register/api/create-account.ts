import { type RegistrationBody } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/account: registers the member (the server repeats every check). */
export const createAccount = (body: RegistrationBody) => api.post('/api/account', body, { schema: schemaOf('registrationResponse') });
