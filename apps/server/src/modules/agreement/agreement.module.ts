import type { Core } from '../../core.js';
import { registerAgreementRoutes } from './agreement.routes.js';
import { createAgreementService } from './agreement.service.js';

/** The agreement each member has accepted (SPEC §2), kept per member and version. */
export function registerAgreementModule(core: Pick<Core, 'app' | 'db'>): void {
  registerAgreementRoutes(core.app, createAgreementService(core));
}
