import { type LoginBody, loginResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/login: a session token for the phone and password (DESIGN §6). */
export const login = (body: LoginBody) => api.post('/api/login', body, { schema: loginResponse });
