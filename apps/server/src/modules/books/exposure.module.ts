import type { Core } from '../../core.js';
import type { ApprovalService } from '../approvals/approvals.service.js';
import { registerExposureRoutes } from './exposure.routes.js';
import { createExposureService } from './exposure.service.js';

/** Exposure: what the operator owes members against its bank balances, and the deposit pause two operators decide. */
export function registerExposureModule(
  core: Pick<Core, 'app' | 'db' | 'ledger' | 'settings' | 'auditTrail' | 'site' | 'now'>,
  uses: { approvals: Pick<ApprovalService, 'propose' | 'approve' | 'reject' | 'open' | 'onApprove'> },
) {
  const exposure = createExposureService({ ...core, approvals: uses.approvals });
  registerExposureRoutes(core.app, exposure);
  return exposure;
}
