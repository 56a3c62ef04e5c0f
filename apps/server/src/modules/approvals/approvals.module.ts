import type { Core } from '../../core.js';
import { registerApprovalRoutes } from './approvals.routes.js';
import { createApprovalService } from './approvals.service.js';
import { PROTECTION_DEFAULTS } from '../protection/site-defaults.js';

/** Money-making configuration above the operator's thresholds, and looser player protection, each change decided by a second operator. */
export function registerApprovalModule(core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'settings' | 'operatorNames' | 'site'>) {
  const approvals = createApprovalService({ ...core, protectionDefaults: PROTECTION_DEFAULTS[core.site.site] });
  registerApprovalRoutes(core.app, approvals);
  return approvals;
}
