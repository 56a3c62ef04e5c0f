import type { Core } from '../../core.js';
import { registerStatementRoutes } from './statement.routes.js';
import { createStatementService } from './statement.service.js';

/** The member's statement (SPEC §6), read straight from what the other modules recorded. */
export function registerStatementModule(core: Pick<Core, 'app' | 'db' | 'site'>): void {
  registerStatementRoutes(core.app, createStatementService(core.db), core.site.defaultLanguage);
}
