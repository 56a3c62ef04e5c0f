import type { Core } from '../../core.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

/** Member sign-in and sessions. */
export function registerAuthModule(core: Pick<Core, 'app' | 'config' | 'db' | 'hasher' | 'tokens' | 'limiter' | 'secret' | 'now' | 'revocations' | 'members' | 'metrics'>) {
  const { app } = core;
  const auth = createAuthService({
    ...core,
    sessionCacheMs: core.config.sessionCacheMs,
    onError: (error) => app.log.warn({ err: error }, 'session revocation list not read; sessions are checked in the database meanwhile'),
  });
  // The bus first: a revocation made while the list is read is then not missed.
  app.addHook('onReady', async () => {
    await core.revocations.start();
    await auth.startRevocations();
  });
  app.addHook('onClose', async () => {
    auth.stopRevocations();
    await core.revocations.close();
  });
  registerAuthRoutes(app, auth);
  return auth;
}
