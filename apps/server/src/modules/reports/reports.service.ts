import { type CurrencyCode, type DashboardResponse, type SiteProfile, toMajor, walletCurrencyOf } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import * as repo from './reports.repository.js';

type DayFigures = DashboardResponse['today'];

/** The calendar dates of the last `count` days in a time zone, oldest first. */
function lastDays(now: Date, count: number, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return Array.from({ length: count }, (_, index) => format.format(new Date(now.getTime() - (count - 1 - index) * 86_400_000)));
}

/** The operator's dashboard: the money and members of each day, and what waits. */
export function createReportService(deps: { db: Db; site: SiteProfile; now: () => Date }) {
  const { db } = deps;
  const timeZone = deps.site.timeZone;

  return {
    async dashboard(dayCount: number, asked?: CurrencyCode): Promise<DashboardResponse> {
      const currencies = [...new Set(deps.site.currencies.map(walletCurrencyOf))];
      const currency = asked ?? currencies[0]!;
      const now = deps.now();
      const dates = lastDays(now, dayCount, timeZone);
      // A day earlier than the first date, so that date is whole whatever the offset.
      const since = new Date(now.getTime() - dayCount * 86_400_000 - 86_400_000);
      const [deposits, withdrawals, members, ledger, queues] = await Promise.all([
        repo.depositsPerDay(db, since, timeZone, currency),
        repo.withdrawalsPerDay(db, since, timeZone, currency),
        repo.newMembersPerDay(db, since, timeZone),
        repo.ledgerPerDay(db, since, timeZone, currency),
        repo.pendingQueues(db),
      ]);
      const figures = new Map<string, DayFigures>(
        dates.map((date) => [date, { date, deposits: {}, depositCount: 0, withdrawals: 0, withdrawalCount: 0, newMembers: 0, bonusCost: 0, corrections: 0, netGaming: 0 }]),
      );
      for (const row of deposits) {
        const day = figures.get(row.day);
        if (!day) continue;
        day.deposits[row.method] = toMajor(BigInt(row.amount));
        day.depositCount += Number(row.count);
      }
      for (const row of withdrawals) {
        const day = figures.get(row.day);
        if (day) Object.assign(day, { withdrawals: toMajor(BigInt(row.amount)), withdrawalCount: Number(row.count) });
      }
      for (const row of members) {
        const day = figures.get(row.day);
        if (day) day.newMembers = Number(row.count);
      }
      for (const row of ledger) {
        const day = figures.get(row.day);
        if (day) Object.assign(day, { netGaming: toMajor(BigInt(row.net_gaming)), bonusCost: toMajor(BigInt(row.bonus_cost)), corrections: toMajor(BigInt(row.corrections)) });
      }
      const days = dates.map((date) => figures.get(date)!);
      return {
        timeZone,
        currency,
        currencies,
        today: days[days.length - 1]!,
        days,
        queues: queues.map((queue) => ({ queue: queue.queue, count: Number(queue.count), oldestAt: queue.oldest ? new Date(queue.oldest).toISOString() : null })),
      };
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
