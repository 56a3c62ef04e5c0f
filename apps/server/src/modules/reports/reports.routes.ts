import { dashboardQuery, dashboardResponse } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import type { App } from '../../http/types.js';
import type { ReportService } from './reports.service.js';

export function registerReportRoutes(app: App, reports: ReportService): void {
  app.get(
    '/api/admin/reports/dashboard',
    { config: operator('admin', 'finance', 'marketing'), schema: { tags: ['admin'], querystring: dashboardQuery, response: { 200: dashboardResponse } } },
    (request) => reports.dashboard(request.query.days, request.query.currency),
  );
}
