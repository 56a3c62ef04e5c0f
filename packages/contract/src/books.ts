import { z } from 'zod';
import { currencyCode } from './money-schemas.js';

/**
 * What members hold in one currency, in minor units as decimal strings: their wallets, their game
 * accounts, and what is on its way out of them (withdrawals not yet paid, game transfers not yet
 * settled).
 */
export const playerFunds = z.object({
  currency: currencyCode,
  wallets: z.string(),
  games: z.string(),
  pending: z.string(),
  total: z.string(),
});

/**
 * One run of the books' proof: every invariant of the ledger (each currency's accounts sum to zero,
 * each balance equals its transfers, no member below zero, holds agree with the rows that wait on
 * them, rewards within their terms) and the player funds they add up to. `problems` names each
 * breach: the check, the row, and how it breaks.
 */
export const booksCheck = z.object({
  id: z.string(),
  /** The hour a scheduled check ran for; null when an operator asked for it (`askedBy`). */
  scheduledHour: z.string().nullable(),
  askedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
  ok: z.boolean(),
  breaches: z.number(),
  playerFunds: z.array(playerFunds),
  problems: z.array(z.object({ check: z.string(), id: z.string(), problem: z.string() })),
});
export const booksChecksQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export const booksChecksResponse = z.object({ total: z.number(), checks: z.array(booksCheck) });
/** The latest check for the console's banner; `overdue` when none finished in the last two hours. */
export const booksStatusResponse = z.object({ latest: booksCheck.nullable(), overdue: z.boolean() });
export const booksCheckResponse = z.object({ check: booksCheck });

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** At most this many gaming days in one answer. */
export const DAILY_FIGURES_MAX_DAYS = 31;
/** The gaming days `from`..`to` (both included, in the site's time zone) of one wallet currency. */
export const dailyFiguresQuery = z
  .object({ from: isoDay, to: isoDay, currency: currencyCode.optional() })
  .refine((query) => !Number.isNaN(dayNumber(query.from)) && !Number.isNaN(dayNumber(query.to)), { message: 'not a date', path: ['from'] })
  .refine((query) => dayNumber(query.to) >= dayNumber(query.from), { message: 'to is before from', path: ['to'] })
  .refine((query) => dayNumber(query.to) - dayNumber(query.from) < DAILY_FIGURES_MAX_DAYS, { message: `at most ${DAILY_FIGURES_MAX_DAYS} days`, path: ['to'] });

/** A sum in minor units (decimal string) and how many transfers or members it counts. */
const tally = z.object({ amount: z.string(), count: z.number() });
/**
 * One gaming day's figures from the ledger (docs/operations.md "Daily figures"), in minor units
 * as decimal strings. Maps are keyed by provider, reward kind or deposit method.
 */
export const dailyFigures = z.object({
  /** YYYY-MM-DD in the site's time zone. */
  day: z.string(),
  /** Gross gaming revenue: what members lost to the games, less what they won, per provider. */
  ggr: z.string(),
  ggrByProvider: z.record(z.string(), z.string()),
  /** What rewards cost, net of what ending their conditions took back, per kind. */
  rewardCost: z.string(),
  rewardCostByKind: z.record(z.string(), z.string()),
  /** Net gaming revenue: ggr less rewardCost. */
  ngr: z.string(),
  deposits: tally,
  depositsByMethod: z.record(z.string(), tally),
  /** Withdrawals paid out (held ones count on the day they are paid). */
  withdrawals: tally,
  registrations: z.number(),
  firstDepositors: z.number(),
  /** Members whose wallet or game account moved. */
  activeMembers: z.number(),
});
export const dailyFiguresResponse = z.object({
  timeZone: z.string(),
  currency: currencyCode,
  from: z.string(),
  to: z.string(),
  /** The ledger transfer the figures include up to, and when they were last rolled up. */
  throughTransferId: z.string(),
  sweptAt: z.string(),
  /** Spin coins issued (granted less spent) per day: coins, never money. */
  coinsIssued: z.record(z.string(), z.string()),
  days: z.array(dailyFigures),
});
export type DailyFiguresResponse = z.infer<typeof dailyFiguresResponse>;

/**
 * The daily figures as CSV rows, one per day, currency, figure and dimension, any number of days:
 * the server streams them (docs/operations.md "Daily figures").
 */
export const dailyFiguresExportQuery = z
  .object({ from: isoDay, to: isoDay, currency: z.enum(['THB', 'LAK', 'COIN']).optional() })
  .refine((query) => !Number.isNaN(dayNumber(query.from)) && !Number.isNaN(dayNumber(query.to)), { message: 'not a date', path: ['from'] })
  .refine((query) => dayNumber(query.to) >= dayNumber(query.from), { message: 'to is before from', path: ['to'] });

/** A sum in minor units (decimal string) and how many rows it counts. */
const exposureTally = z.object({ amount: z.string(), count: z.number() });
/** One bank account of the operator, with the balance last entered for it by hand. */
export const bankBalance = z.object({
  id: z.string(),
  name: z.string(),
  currency: currencyCode,
  /** Minor units, decimal string. */
  balance: z.string(),
  enteredBy: z.string(),
  enteredAt: z.string(),
});
/**
 * What the operator owes and holds in one currency (docs/operations.md "Exposure"), minor units as
 * decimal strings: player funds (wallets, games, pending) against the bank balances entered by hand.
 */
export const exposureCurrency = z.object({
  currency: currencyCode,
  playerFunds,
  /** Withdrawals held from wallets, not yet paid or returned. */
  pendingWithdrawals: exposureTally,
  /** Transfers to or from a game provider not yet settled. */
  providerInFlight: exposureTally,
  /** What members under an active condition hold (wallets and games), and the rewards those conditions paid. */
  underCondition: z.object({ amount: z.string(), rewards: z.string(), count: z.number() }),
  /** Rewards a member has earned and not yet taken: spin prizes to claim (money prizes, not expired) and invite rewards accrued. */
  unclaimed: z.object({ spinPrizes: exposureTally, inviteRewards: exposureTally }),
  bankAccounts: z.array(bankBalance),
  bankTotal: z.string(),
  /** Bank total less player funds: what is left once every member is paid (negative: a shortfall). */
  cover: z.string(),
});
export const depositPause = z.object({
  paused: z.boolean(),
  /** When the state last changed, who proposed and who approved it, and why (null before any change). */
  since: z.string().nullable(),
  proposedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export type DepositPause = z.infer<typeof depositPause>;
/** A proposal to pause (or resume) deposits, waiting for a second operator; decided in the approvals flow. */
export const pauseProposal = z.object({ _id: z.string(), paused: z.boolean(), reason: z.string(), proposedBy: z.string(), createdAt: z.string() });
export const exposureResponse = z.object({
  at: z.string(),
  currencies: z.array(exposureCurrency),
  depositPause,
  /** The open proposal to pause or resume deposits, waiting for a second operator (at most one). */
  pauseProposal: pauseProposal.nullable(),
});
export const bankBalanceBody = z.object({
  name: z.string({ error: 'KEY_MISSING' }).trim().min(1, { error: 'KEY_MISSING' }).max(60, { error: 'KEY_INVALID' }),
  currency: currencyCode,
  balance: z
    .number({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
    .min(0, { error: 'KEY_INVALID' })
    .max(999_999_999_999, { error: 'KEY_INVALID' }),
});
export const bankBalanceResponse = z.object({ account: bankBalance });
export const depositPauseBody = z.object({
  paused: z.boolean({ error: 'KEY_MISSING' }),
  reason: z.string({ error: 'KEY_MISSING' }).trim().min(3, { error: 'KEY_MISSING' }).max(500, { error: 'KEY_INVALID' }),
});
