import { z } from 'zod';
import { FIGURE_PERIODS, REALITY_CHECK_MINUTES } from './figure-periods.js';
import { currencyCode } from './money-schemas.js';

// ---------- A member's own figures (player protection): money in, money out, play, by period

/** One period's figures, in major units of the member's wallet currency (DESIGN §4); computed in minor units. */
export const periodFigures = z.object({
  period: z.enum(FIGURE_PERIODS),
  /** The period's first day (YYYY-MM-DD, site time); it ends now. */
  from: z.string(),
  deposits: z.number(),
  /** Paid withdrawals, on the day they were paid. */
  withdrawals: z.number(),
  /** Deposits less withdrawals. */
  netDeposits: z.number(),
  /** Money back from games less money moved to games (negative: more went in than came back). */
  netGamePosition: z.number(),
});
export type PeriodFigures = z.infer<typeof periodFigures>;

/** GET /api/figures: the signed-in member's figures for today, 7 days, 30 days and 12 months. */
export const figuresResponse = z.object({
  currency: currencyCode,
  timeZone: z.string(),
  /** Today in the site's time zone (YYYY-MM-DD). */
  today: z.string(),
  periods: z.array(periodFigures),
});
export type FiguresResponse = z.infer<typeof figuresResponse>;

// ---------- Reality checks: every N minutes of a signed-in session the app shows where the member stands

const intervalMinutes = z
  .number({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'REALITY_CHECK_INTERVAL') })
  .int({ error: 'REALITY_CHECK_INTERVAL' })
  .min(REALITY_CHECK_MINUTES.min, { error: 'REALITY_CHECK_INTERVAL' })
  .max(REALITY_CHECK_MINUTES.max, { error: 'REALITY_CHECK_INTERVAL' });

/** PUT /api/figures/reality-check: minutes between two checks, 10 to 120. */
export const realityCheckBody = z.object({ intervalMinutes });
export type RealityCheckBody = z.infer<typeof realityCheckBody>;
/** GET and PUT /api/figures/reality-check: the member's interval (the site's default until they choose). */
export const realityCheckResponse = z.object({ intervalMinutes: z.number().int() });
export type RealityCheckResponse = z.infer<typeof realityCheckResponse>;

/** GET /api/figures/reality-check/summary: the session so far, for the check's dialog. */
export const realityCheckSummary = z.object({
  currency: currencyCode,
  /** When this session signed in (ISO instant, the server's record). */
  signedInAt: z.string(),
  /** Seconds from sign-in to this answer, by the server's clock: the app times the next check from it without trusting its own clock's setting. */
  secondsSinceSignIn: z.number().int(),
  /** Money back from games less money moved to games since sign-in. */
  netGamePosition: z.number(),
  /** Today's deposits (site time). */
  depositsToday: z.number(),
});
export type RealityCheckSummary = z.infer<typeof realityCheckSummary>;
