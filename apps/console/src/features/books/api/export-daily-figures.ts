import { downloadCsv } from '../../../shared/api/client';

/**
 * GET /api/admin/books/daily/export.csv: every figure of any range, streamed by the server and
 * written to the audit log with the operator, the range and the rows sent.
 */
export const exportDailyFigures = (range: { from: string; to: string; currency?: string }) =>
  downloadCsv(`/api/admin/books/daily/export.csv?${new URLSearchParams(range)}`, `daily-figures-${range.from}-${range.to}${range.currency ? `-${range.currency}` : ''}.csv`);
