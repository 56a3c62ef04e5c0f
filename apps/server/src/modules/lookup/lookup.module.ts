import type { Core } from '../../core.js';
import { registerLookupRoutes } from './lookup.routes.js';
import { createLookupService } from './lookup.service.js';

/** The public reference data the app reads before and after sign-in (SPEC §3). */
export function registerLookupModule(core: Pick<Core, 'app' | 'db' | 'settings' | 'site' | 'now'>) {
  const lookup = createLookupService(core);
  registerLookupRoutes(core.app, lookup, core.site.defaultLanguage);
  return lookup;
}
