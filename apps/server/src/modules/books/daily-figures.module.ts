import type { Core } from '../../core.js';
import { registerDailyFiguresRoutes } from './daily-figures.routes.js';
import { createDailyFigures } from './daily-figures.service.js';

/**
 * The operator's daily figures from the ledger: a sweep in the reconciler's jobs keeps the rollup,
 * and finance reads it by gaming day.
 */
export function registerDailyFiguresModule(core: Pick<Core, 'app' | 'db' | 'site' | 'auditTrail' | 'now' | 'jobs'>) {
  const figures = createDailyFigures(core);
  core.jobs.dailyFigures = () => figures.sweep();
  registerDailyFiguresRoutes(core.app, figures);
  return figures;
}
