import type { LoginBody } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** The answer's schema loads with the answer: zod stays out of the login screen's first download. */
const loginResponse = () => import('./login-response').then((module) => module.loginResponse);

/** POST /api/login: a session token for the phone and password (DESIGN §6). */
export const login = (body: LoginBody) => api.post('/api/login', body, { schema: loginResponse });
