import { dailyFiguresExportQuery, dailyFiguresQuery, dailyFiguresResponse } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { sendCsv } from '../../http/csv.js';
import type { App } from '../../http/types.js';
import type { DailyFigures } from './daily-figures.service.js';

export function registerDailyFiguresRoutes(app: App, figures: DailyFigures): void {
  app.get(
    '/api/admin/books/daily',
    { config: operator('admin', 'finance'), schema: { tags: ['admin'], querystring: dailyFiguresQuery, response: { 200: dailyFiguresResponse } } },
    (request) => figures.daily(request.query.from, request.query.to, request.query.currency),
  );
  app.get(
    '/api/admin/books/daily/export.csv',
    { config: operator('admin', 'finance'), schema: { tags: ['admin'], querystring: dailyFiguresExportQuery } },
    (request, reply) => {
      const { from, to, currency } = request.query;
      return sendCsv(
        reply,
        `daily-figures-${from}-${to}${currency ? `-${currency}` : ''}.csv`,
        [
          { key: 'day', header: 'gaming day' },
          { key: 'currency', header: 'currency' },
          { key: 'figure', header: 'figure' },
          { key: 'dimension', header: 'dimension' },
          { key: 'amount', header: 'amount' },
          { key: 'count', header: 'count' },
        ],
        figures.exportRows(request.admin, { from, to, ...(currency ? { currency } : {}) }),
      );
    },
  );
}
