import { z } from 'zod';
import { currencyCode } from './money.js';

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
