import type { Core } from '../../core.js';
import type { BooksService } from './books.service.js';
import { registerDailyFiguresRoutes } from './daily-figures.routes.js';
import { createDailyFigures } from './daily-figures.service.js';

/**
 * The operator's daily figures from the ledger: a sweep in the reconciler's jobs keeps the rollup,
 * and finance reads it by gaming day.
 */
export function registerDailyFiguresModule(core: Pick<Core, 'app' | 'db' | 'site' | 'auditTrail' | 'now' | 'jobs'>, uses: { books: Pick<BooksService, 'addScheduledCheck'> }) {
  const figures = createDailyFigures(core);
  core.jobs.dailyFigures = () => figures.sweep();
  // Once a day, at the site's 03:00, the rollup is compared with a recompute from the ledger (a minute on 10 M transfers).
  const hourIn = new Intl.DateTimeFormat('en-GB', { timeZone: core.site.timeZone, hour: '2-digit', hourCycle: 'h23' });
  uses.books.addScheduledCheck({
    dueAt: (hour) => hourIn.format(hour) === '03',
    async run() {
      const { differences } = await figures.verify();
      return differences.map((difference) => ({
        check: 'dailyFiguresEqualRecompute',
        id: difference.key,
        problem: `stored ${JSON.stringify(difference.stored)}, recomputed ${JSON.stringify(difference.recomputed)}`,
      }));
    },
  });
  registerDailyFiguresRoutes(core.app, figures);
  return figures;
}
