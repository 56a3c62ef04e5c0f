import type { Core } from '../../core.js';
import { registerAdminRoutes } from './admin.routes.js';
import { createAdminService } from './admin.service.js';

/** Operator sign-in, sessions and site settings. */
export function registerAdminModule(core: Pick<Core, 'app' | 'config' | 'db' | 'hasher' | 'tokens' | 'settings' | 'limiter' | 'secret' | 'now'>) {
  const admin = createAdminService({ ...core, sessionLifetimeMs: core.config.adminSessionMs });
  registerAdminRoutes(core.app, admin);
  return admin;
}
