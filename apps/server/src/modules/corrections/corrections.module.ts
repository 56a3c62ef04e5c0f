import type { Core } from '../../core.js';
import { registerCorrectionRoutes } from './corrections.routes.js';
import { createCorrectionService } from './corrections.service.js';

/** Operators' money corrections to members' wallets, each decided by a second operator. */
export function registerCorrectionModule(core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'ledger'>) {
  const corrections = createCorrectionService(core);
  registerCorrectionRoutes(core.app, corrections);
  return corrections;
}
