import { dailyFiguresQuery, dailyFiguresResponse } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import type { App } from '../../http/types.js';
import type { DailyFigures } from './daily-figures.service.js';

export function registerDailyFiguresRoutes(app: App, figures: DailyFigures): void {
  app.get(
    '/api/admin/books/daily',
    { config: operator('admin', 'finance'), schema: { tags: ['admin'], querystring: dailyFiguresQuery, response: { 200: dailyFiguresResponse } } },
    (request) => figures.daily(request.query.from, request.query.to, request.query.currency),
  );
}
