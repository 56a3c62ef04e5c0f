import { FIGURE_PERIODS, type FigurePeriod, type FiguresResponse, type RealityCheckSummary, type SiteProfile, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { unauthorized } from '../../errors.js';
import type { MemberContext } from '../../http/context.js';
import type { AuthService } from '../auth/auth.service.js';
import * as repo from './figures.repository.js';

/** `YYYY-MM-DD` moved by whole days or months (calendar arithmetic; a month end clamps: 03-31 less a month is 02-28). */
export function shiftDay(day: string, { days = 0, months = 0 }: { days?: number; months?: number }): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastOfMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastOfMonth) + days);
  return target.toISOString().slice(0, 10);
}

/** The first day of each period ending today: today itself, the last 7 and 30 days, and the 12 months up to today. */
export function periodStarts(today: string): Record<FigurePeriod, string> {
  return {
    today,
    days7: shiftDay(today, { days: -6 }),
    days30: shiftDay(today, { days: -29 }),
    months12: shiftDay(shiftDay(today, { months: -12 }), { days: 1 }),
  };
}

/** The instant a calendar day starts in a time zone (the sites' zones keep one offset all year, and no zone changes at midnight here). */
export function dayStartIn(day: string, timeZone: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(utcMidnight)
      .map((part) => [part.type, part.value]),
  );
  const shown = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return new Date(utcMidnight.getTime() - (shown - utcMidnight.getTime()));
}

/**
 * A member's own figures and reality checks (player protection): what they paid in and took out,
 * and where they stand with the games, by period and since they signed in; and how often the app
 * shows them where they stand.
 */
export function createFiguresService(deps: {
  db: Db;
  site: SiteProfile;
  now: () => Date;
  sessions: Pick<AuthService, 'liveSessions'>;
  /** Minutes between reality checks for a member who never chose (the site's setting or its profile's default). */
  realityCheckDefault: () => Promise<number>;
}) {
  const { db, site } = deps;
  const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: site.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const today = () => dayFormat.format(deps.now());

  return {
    async figures(member: MemberContext): Promise<FiguresResponse> {
      const day = today();
      const starts = periodStarts(day);
      const sums = await repo.walletFlowsSince(
        db,
        member.memberId,
        FIGURE_PERIODS.map((period) => dayStartIn(starts[period], site.timeZone)),
      );
      return {
        currency: member.currency,
        timeZone: site.timeZone,
        today: day,
        periods: FIGURE_PERIODS.map((period, index) => {
          const { deposits, withdrawals, game } = sums[index]!;
          return {
            period,
            from: starts[period],
            deposits: toMajor(deposits),
            withdrawals: toMajor(withdrawals),
            netDeposits: toMajor(deposits - withdrawals),
            netGamePosition: toMajor(game),
          };
        }),
      };
    },

    async realityCheckInterval(memberId: bigint): Promise<number> {
      return (await repo.findRealityCheckInterval(db, memberId)) ?? (await deps.realityCheckDefault());
    },

    /** The interval is validated by its schema (10..120 whole minutes) before it gets here. */
    async setRealityCheckInterval(memberId: bigint, minutes: number): Promise<number> {
      await repo.saveRealityCheckInterval(db, memberId, minutes);
      return minutes;
    },

    /** The session so far: when it signed in, the games since then, and today's deposits. */
    async realityCheckSummary(member: MemberContext): Promise<RealityCheckSummary> {
      const session = (await deps.sessions.liveSessions(member.memberId)).find((live) => live.id === member.sessionId);
      // The session ended between the authentication and this read: the member is signed out.
      if (!session) throw unauthorized('invalid-token');
      const signedInAt = new Date(session.created_at);
      const [sinceSignIn, sinceMidnight] = await repo.walletFlowsSince(db, member.memberId, [signedInAt, dayStartIn(today(), site.timeZone)]);
      return {
        currency: member.currency,
        signedInAt: signedInAt.toISOString(),
        secondsSinceSignIn: Math.max(0, Math.floor((deps.now().getTime() - signedInAt.getTime()) / 1000)),
        netGamePosition: toMajor(sinceSignIn!.game),
        depositsToday: toMajor(sinceMidnight!.deposits),
      };
    },
  };
}
export type FiguresService = ReturnType<typeof createFiguresService>;
