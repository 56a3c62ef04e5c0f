import type { Core } from '../../core.js';
import type { AuthService } from '../auth/auth.service.js';
import type { LookupService } from '../lookup/lookup.service.js';
import { registerAccountRoutes } from './account.routes.js';
import { createAccountService } from './account.service.js';

/** Registration and the member's profile. */
export function registerAccountModule(
  core: Pick<Core, 'app' | 'db' | 'hasher' | 'limiter' | 'settings' | 'site' | 'now'>,
  uses: { lookup: Pick<LookupService, 'findBank' | 'findSource'>; sessions: Pick<AuthService, 'revokeOtherSessions'> },
) {
  const account = createAccountService({ ...core, ...uses });
  registerAccountRoutes(core.app, account);
  return account;
}
