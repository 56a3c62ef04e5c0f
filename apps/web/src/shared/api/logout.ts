import { api } from './client';

/** POST /api/logout: ends the session on the server; a failure changes nothing for the member. */
export const logout = () => api.post('/api/logout').catch(() => undefined);
