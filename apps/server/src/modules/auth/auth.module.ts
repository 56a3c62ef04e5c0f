import type { Core } from '../../core.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

/** Member sign-in and sessions. */
export function registerAuthModule(core: Pick<Core, 'app' | 'db' | 'hasher' | 'tokens' | 'limiter' | 'secret' | 'now'>) {
  const auth = createAuthService(core);
  registerAuthRoutes(core.app, auth);
  return auth;
}
