import type { Core } from '../../core.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

/** Member sign-in and sessions. */
export function registerAuthModule(core: Pick<Core, 'app' | 'config' | 'db' | 'hasher' | 'tokens' | 'limiter' | 'secret' | 'now'>) {
  const { app } = core;
  const auth = createAuthService({
    ...core,
    sessionCacheMs: core.config.sessionCacheMs,
    onError: (error) => app.log.warn({ err: error }, 'session revocation list not read; sessions are checked in the database meanwhile'),
  });
  app.addHook('onReady', () => auth.startRevocations());
  app.addHook('onClose', async () => auth.stopRevocations());
  registerAuthRoutes(app, auth);
  return auth;
}
