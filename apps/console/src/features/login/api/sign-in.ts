import { adminLoginBody, loginResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/admin/login: username and password, then the authenticator code when the operator has one. */
export const signIn = (body: { username: string; password: string; code?: string }) => api.post('/api/admin/login', adminLoginBody.parse(body), { schema: loginResponse });
