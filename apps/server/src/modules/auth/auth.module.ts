import type { Core } from '../../core.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

/** Member sign-in and sessions. */
export function registerAuthModule(core: Pick<Core, 'app' | 'config' | 'db' | 'hasher' | 'tokens' | 'limiter' | 'secret' | 'now'>) {
  const auth = createAuthService({ ...core, sessionCacheMs: core.config.sessionCacheMs });
  registerAuthRoutes(core.app, auth);
  return auth;
}
