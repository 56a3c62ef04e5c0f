import { Counter } from 'prom-client';
import type { Db } from '../../db/database.js';
import * as repo from './attempts.repository.js';
import type { Metrics } from '../../metrics.js';

/** At most `max` attempts under `key` per window of `windowMs`. */
export interface AttemptLimit {
  key: string;
  max: number;
  windowMs: number;
}

export interface Reservation {
  /** Attempts taken so far in each limit's window, this one included, in the order given. */
  attempts: number[];
  /** Gives the attempts back: for outcomes that must not count (a right password, an SMS never sent). */
  release(): Promise<void>;
}

export type ReserveResult<Limit extends AttemptLimit> = { ok: true; reservation: Reservation } | { ok: false; refused: Limit };

/** The longest window any caller uses; counters older than twice that are of no use. */
const LONGEST_WINDOW_MS = 60 * 60_000;

class Refused<Limit extends AttemptLimit> extends Error {
  constructor(readonly limit: Limit) {
    super(`attempt limit reached: ${limit.key}`);
  }
}

/**
 * Reserve first, check after: an attempt is counted before the password or code is looked at,
 * so a burst of parallel requests cannot all be checked against a count none of them has raised
 * yet. Counters are rows in the database, shared by every node and kept across restarts.
 */
export function createAttemptLimiter(deps: { db: Db; now: () => Date; metrics?: Metrics }) {
  const { db, now } = deps;
  const refusals = deps.metrics
    ? new Counter({
        name: 'wallet_attempt_limit_refusals_total',
        help: 'Attempts refused by a limit (sign-ins, SMS codes, password changes…), by limit: its name and what it counts by, never the value.',
        labelNames: ['limit'] as const,
        registers: [deps.metrics],
      })
    : undefined;
  return {
    /**
     * One attempt under every limit, or under none (all in one transaction). Callers list keys in
     * a fixed order, so two requests never wait on each other's rows in opposite orders.
     */
    async reserve<Limit extends AttemptLimit>(limits: Limit[]): Promise<ReserveResult<Limit>> {
      const at = now();
      try {
        const taken = await db.transaction().execute(async (trx) => {
          const windows: Array<{ key: string; windowStartedAt: Date; attempts: number }> = [];
          for (const limit of limits) {
            const row = await repo.takeAttempt(trx, limit.key, limit.max, new Date(at.getTime() - limit.windowMs), at);
            if (!row) throw new Refused(limit);
            windows.push({ key: limit.key, windowStartedAt: row.window_started_at, attempts: row.attempts });
          }
          return windows;
        });
        return {
          ok: true,
          reservation: {
            attempts: taken.map((window) => window.attempts),
            async release() {
              for (const window of taken) await repo.returnAttempt(db, window.key, window.windowStartedAt);
            },
          },
        };
      } catch (error) {
        if (error instanceof Refused) {
          const { limit } = error as Refused<Limit>;
          refusals?.inc({ limit: limitName(limit.key) });
          return { ok: false, refused: limit };
        }
        throw error;
      }
    },

    /** Drops counters whose window is long over (the periodic housekeeping run calls it). */
    prune: () => repo.deleteWindowsStartedBefore(db, new Date(now().getTime() - 2 * LONGEST_WINDOW_MS)),
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/** A limit's key is `name:by:value` (member-login:account:0812…): its name and what it counts by, without the value. */
function limitName(key: string): string {
  const [name = '', by] = key.split(':');
  return by && /^[a-z-]+$/.test(by) ? `${name}:${by}` : name;
}
