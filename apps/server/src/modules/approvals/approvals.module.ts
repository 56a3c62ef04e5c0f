import type { Core } from '../../core.js';
import { registerApprovalRoutes } from './approvals.routes.js';
import { createApprovalService } from './approvals.service.js';

/** Money-making configuration above the operator's thresholds, each change decided by a second operator. */
export function registerApprovalModule(core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'settings' | 'operatorNames'>) {
  const approvals = createApprovalService(core);
  registerApprovalRoutes(core.app, approvals);
  return approvals;
}
