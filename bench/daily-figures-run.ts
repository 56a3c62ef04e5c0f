// `node --import tsx bench/daily-figures-run.ts`: the daily figures on the large seed
// (bench/large-seed.ts). Prints how long the first sweep takes (every day from scratch), a sweep of
// the latest day, the full recompute check, and the 31-day report (p50/p99; goal < 300 ms). Needs
// PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
//
//   BENCH_DAILY_MEMBERS: members to seed (default the large seed's: 10 M transfers);
//   BENCH_LARGE_SCHEMA: an already seeded schema instead (kept); BENCH_KEEP=1: keep the one seeded.
import crypto from 'node:crypto';
import { SITE_PROFILES } from '@wallet/contract';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import type { AuditTrail } from '../apps/server/src/modules/audit/audit-writer.js';
import { createDailyFigures } from '../apps/server/src/modules/books/daily-figures.service.js';
import { LARGE, scaled, seedLists } from './large-seed.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const members = Number(process.env.BENCH_DAILY_MEMBERS ?? LARGE.members);
const given = process.env.BENCH_LARGE_SCHEMA;
const schema = given ?? `bench_daily_${crypto.randomBytes(3).toString('hex')}`;

async function admin(text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const at = performance.now();
  const result = await work();
  console.log(`${label}: ${(performance.now() - at).toFixed(0)} ms`);
  return result;
}

if (!given) {
  await admin(`CREATE SCHEMA ${schema}`);
  const sizes = scaled(members);
  console.log(`Seeding ${schema}: ${sizes.members} members, ${sizes.transfers} transfers`);
  await seedLists(databaseUrl, schema, sizes, 10, (line) => console.log(line));
}
const handle = await openDatabase({ databaseUrl, schema });
try {
  // No late results on a first sweep: nothing is written to the audit log here.
  const auditTrail = { record: async () => undefined } as unknown as AuditTrail;
  const site = SITE_PROFILES.th;
  const figures = createDailyFigures({ db: handle.db, site, auditTrail, now: () => new Date() });
  // The first sweeps catch up over the whole ledger, a bounded slice of transfers per run.
  const days = new Set<string>();
  let first: Awaited<ReturnType<typeof figures.sweep>>;
  let runs = 0;
  let longest = 0;
  const caughtUpAt = performance.now();
  for (;;) {
    const at = performance.now();
    first = await figures.sweep();
    longest = Math.max(longest, performance.now() - at);
    runs += 1;
    for (const day of first.days) days.add(day);
    if (!first.behind) break;
  }
  console.log(`first sweeps (every day from scratch): ${(performance.now() - caughtUpAt).toFixed(0)} ms in ${runs} runs, the longest ${longest.toFixed(0)} ms`);
  console.log(`  ${days.size} days, through transfer ${first.throughTransferId}`);
  await handle.db.updateTable('ledger_daily_figures_watermark').set({ last_transfer_id: first.throughTransferId - 1n }).execute();
  const latest = await timed('sweep of the latest day', () => figures.sweep());
  console.log(`  days ${latest.days.join(', ')}`);
  const check = await timed('check: the rollup against a recompute from scratch', () => figures.verify());
  console.log(`  ${check.rows} rows, ${check.differences.length} differences`);

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: site.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  const times: number[] = [];
  for (let run = 0; run < 50; run++) {
    const at = performance.now();
    await figures.daily(from, today, 'THB');
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length * 0.5)]!;
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!;
  console.log(`31-day report (${from} to ${today}): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal < 300 ms)${p99 < 300 ? '' : ' — OVER'}`);
} finally {
  await handle.close();
  if (!given && process.env.BENCH_KEEP !== '1') await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}
