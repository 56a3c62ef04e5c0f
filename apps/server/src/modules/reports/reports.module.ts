import type { Core } from '../../core.js';
import { registerReportRoutes } from './reports.routes.js';
import { createReportService } from './reports.service.js';

/** Figures for the operator's dashboard, read from what the other modules recorded. */
export function registerReportModule(core: Pick<Core, 'app' | 'db' | 'site' | 'now'>) {
  const reports = createReportService(core);
  registerReportRoutes(core.app, reports);
  return reports;
}
