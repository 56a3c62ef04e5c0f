import type { Core } from '../../core.js';
import type { AuthService } from '../auth/auth.service.js';
import { registerFiguresRoutes } from './figures.routes.js';
import { createFiguresService } from './figures.service.js';
import { PROTECTION_DEFAULTS, protectionInForce } from '../protection/site-defaults.js';

/**
 * A member's own figures (player protection): deposits, withdrawals and net game position by period,
 * read from their wallet's legs in the ledger, and the reality checks the member app shows.
 */
export function registerFiguresModule(core: Pick<Core, 'app' | 'db' | 'site' | 'now' | 'settings'>, uses: { sessions: Pick<AuthService, 'liveSessions'> }) {
  const defaults = PROTECTION_DEFAULTS[core.site.site];
  const figures = createFiguresService({
    db: core.db,
    site: core.site,
    now: core.now,
    sessions: uses.sessions,
    // The site setting protectionRealityCheckMinutes, else the site profile's default.
    realityCheckDefault: async () => protectionInForce(await core.settings.site(), defaults).realityCheckMinutes,
  });
  registerFiguresRoutes(core.app, figures);
  return figures;
}
