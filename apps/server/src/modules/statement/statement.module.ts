import type { Core } from '../../core.js';
import type { Members } from '../account/members.js';
import { type Statement, createStatementSources } from './statement-sources.js';
import { registerStatementRoutes } from './statement.routes.js';
import { createStatementService } from './statement.service.js';

/**
 * The member's statement (SPEC §6), a read model of the movements the other modules recorded: each
 * of them adds its sources to the registry this answers (`addSource`, `addReferences`, `addNames`).
 */
export function registerStatementModule(core: Pick<Core, 'app' | 'db' | 'site'>, uses: { members: Pick<Members, 'find'> }): Statement {
  const sources = createStatementSources();
  registerStatementRoutes(core.app, createStatementService({ db: core.db, sources, members: uses.members }), core.site.defaultLanguage);
  return sources;
}
