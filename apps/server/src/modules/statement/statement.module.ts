import type { Core } from '../../core.js';
import { registerStatementRoutes } from './statement.routes.js';

/** The member's statement (SPEC §6), read straight from what the other modules recorded. */
export function registerStatementModule(core: Pick<Core, 'app' | 'db' | 'site'>): void {
  registerStatementRoutes(core.app, core.db, core.site.defaultLanguage);
}
