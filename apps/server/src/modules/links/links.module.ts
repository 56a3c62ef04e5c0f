import type { Core } from '../../core.js';
import { registerLinkRoutes } from './links.routes.js';
import { createLinkService } from './links.service.js';

/** Linked members: a read model over what members registered and signed in with, were paid to and were sent from. */
export function registerLinkModule(core: Pick<Core, 'app' | 'db'>) {
  const links = createLinkService(core);
  registerLinkRoutes(core.app, links);
  return links;
}
