// `npm run simulate:day`: a simulated day of money in and out without staff (ADR 0407,
// apps/server/test/simulated-day.ts): members register, transfer into the operator's AUTO account
// (some also upload the slip) or pay a bank QR of our own, strangers transfer too, members withdraw;
// the statement feed repeats, posts late, goes into maintenance and for a while leaves QR references
// off, the transfer API loses answers, fails before paying, refuses a closed account and holds
// transfers pending. Prints the figures with their goals and the checks;
// exits non-zero when a check fails or a goal is missed. On PostgreSQL in a schema of its own when
// DATABASE_URL is set, else on PGlite.
//
//   SIM_MEMBERS (default 2000), SIM_DAY_SECONDS (default 300): the day's traffic, real time;
//   SIM_RECONCILE_INTERVAL_MS (default 60000, production's): how often the feed reads the statement;
//   SIM_POSTING_DELAY_SECONDS (default 10): how late the statement shows a transfer; SIM_SEED.
import { simulateDay } from '../apps/server/test/simulated-day.js';

const options = {
  members: Number(process.env.SIM_MEMBERS ?? 2_000),
  dayMs: Number(process.env.SIM_DAY_SECONDS ?? 300) * 1000,
  reconcileIntervalMs: Number(process.env.SIM_RECONCILE_INTERVAL_MS ?? 60_000),
  postingDelaySeconds: Number(process.env.SIM_POSTING_DELAY_SECONDS ?? 10),
  databaseUrl: process.env.DATABASE_URL,
};
const startedAt = performance.now();
console.log(`Simulated day: ${options.members} members, ${options.dayMs / 1000} s of traffic, reconciler every ${options.reconcileIntervalMs / 1000} s, feed every ${Number(process.env.BANK_FEED_INTERVAL_MS ?? 15_000) / 1000} s, posting delay ${options.postingDelaySeconds} s, on ${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
const result = await simulateDay({ ...options, log: (line) => console.log(line) });
console.log(`\ncounts: ${JSON.stringify(result.counts)}`);
console.log('\n| figure | value | goal |\n|---|---|---|');
for (const figure of result.figures) console.log(`| ${figure.name} | ${figure.shown}${figure.met === false ? ' — MISSED' : ''} | ${figure.goal} |`);
console.log('\n| check | result |\n|---|---|');
for (const check of result.checks) console.log(`| ${check.name} | ${check.ok ? 'ok' : 'FAILED'}: ${check.detail} |`);
const today = (result.serverFigures.bankCredits as { periods?: Array<{ period: string; received: number; waiting: number; shareByItself: number | null; delaySeconds: unknown }> }).periods?.find((period) => period.period === 'today');
console.log(`\nthe server's own figures (GET /api/admin/bank-credits/figures, today; strangers' lines included): ${JSON.stringify(today)}`);
console.log(`GET /api/admin/auto-payout: ${JSON.stringify(result.serverFigures.autoPayout)}`);
console.log(`\ntook ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
if (result.checks.some((check) => !check.ok) || result.figures.some((figure) => figure.met === false)) process.exitCode = 1;
