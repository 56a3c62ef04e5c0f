import { describe, expect, it } from 'vitest';
import { simulateDay } from './simulated-day.js';

/**
 * The simulated day (simulated-day.ts, ADR 0407) scaled down: a few hundred members' transfers into
 * the AUTO account and withdrawals, with the feed repeating, posting late and in maintenance, and the
 * transfer API losing answers, failing, refusing a closed account and holding transfers pending.
 * The feed reads every 3 s here (production: the reconciler's 60 s), so the day fits in a test.
 */
describe('a simulated day of money in and out without staff', () => {
  it('credits and pays out without staff within the goals, nothing twice, and the ledger verifies', async () => {
    const result = await simulateDay({
      members: Number(process.env.SIM_TEST_MEMBERS ?? 200),
      dayMs: 40_000,
      reconcileIntervalMs: 3_000,
      postingDelaySeconds: 5,
      databaseUrl: process.env.DATABASE_URL,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    for (const figure of result.figures) process.stderr.write(`${figure.name}: ${figure.shown} (goal ${figure.goal})\n`);
    expect(result.checks.filter((check) => !check.ok)).toEqual([]);
    expect(result.counts.requestErrors).toBe(0);
    expect(result.figures.filter((figure) => !figure.met).map((figure) => `${figure.name}: ${figure.shown}`)).toEqual([]);
  }, 240_000);
});
