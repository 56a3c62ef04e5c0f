import type { Core } from '../../core.js';
import type { LookupService } from '../lookup/lookup.service.js';
import { registerAgreementRoutes } from './agreement.routes.js';
import { createAgreementService } from './agreement.service.js';

/** The agreement each member has accepted (SPEC §2), kept per member and version. */
export function registerAgreementModule(core: Pick<Core, 'app' | 'db'>, uses: { texts: Pick<LookupService, 'allTexts'> }): void {
  registerAgreementRoutes(core.app, createAgreementService({ db: core.db, texts: uses.texts }));
}
