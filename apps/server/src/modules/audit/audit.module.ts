import type { Core } from '../../core.js';
import { registerAuditRoutes } from './audit.routes.js';
import { createAuditService } from './audit.service.js';

/** The audit log for auditors (entries are written by `http/audit.ts` in each change's transaction). */
export function registerAuditModule(core: Pick<Core, 'app' | 'db'>) {
  const audit = createAuditService(core);
  registerAuditRoutes(core.app, audit);
  return audit;
}
