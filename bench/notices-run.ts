// `npm run bench:notices`: 5,000 deposits credited from the sandbox bank's statement by a server in
// its own process, each writing its notice in the credit's transaction, and that server's notice
// worker sending them through the sandbox push service, which decrypts each as the member's browser
// would. Prints how many were delivered within 30 s of their deposit (goal: 99 %) and the delays;
// exits non-zero when the goal is missed. Needs PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/test), in a schema of its own.
//
//   BENCH_NOTICE_DEPOSITS (default 5000).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { call, schemaOfItsOwn, startServer, stop } from '../apps/server/test/server-process.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const deposits = Number(process.env.BENCH_NOTICE_DEPOSITS ?? 5_000);
const GOAL_SECONDS = 30;
const GOAL_SHARE = 0.99;
const FEED_ACCOUNT = '4061234567'; // the demo's SCB account, AUTO

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  }));
}

const own = await schemaOfItsOwn(databaseUrl, 'bench_notices');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-notices-'));
// The server migrates and seeds its schema, then reads the statement every second and sends notices every second.
const server = await startServer({ DATABASE_URL: own.url, DATA_DIR: dataDir, LOG_LEVEL: 'error', BANK_FEED_INTERVAL_MS: '1000', NOTICES_INTERVAL_MS: '1000', RECONCILE_INTERVAL_MS: '0' });
const database = await openDatabase({ databaseUrl, schema: own.schema });
const { db } = database;
try {
  console.log(`Notices bench: ${deposits} deposits, one server process on PostgreSQL`);
  const members = Array.from({ length: deposits }, (_, index) => ({ phone: `08${String(index).padStart(8, '0')}`, accountNo: String(crypto.randomInt(10 ** 9, 10 ** 10)) }));
  const ids: bigint[] = [];
  for (let start = 0; start < members.length; start += 500) {
    const rows = await db
      .insertInto('members')
      .values(members.slice(start, start + 500).map((member, index) => ({ phone: member.phone, name: `Bench ${start + index}`, password_hash: 'x', bank_code: 'SCB', bank_account_no: member.accountNo, bank_account_name: `BENCH ${start + index}` })))
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  // Each member's installed app, subscribed: the sandbox push service plays the browser.
  const subscriptions: Array<{ member_id: bigint; endpoint: string; p256dh: string; auth: string; created_at: Date }> = [];
  await inParallel(ids, 16, async (memberId) => {
    const browser = (await call(server.url, 'POST', '/sandbox/push/subscriptions')).body as { endpoint: string; keys: { p256dh: string; auth: string } };
    subscriptions.push({ member_id: memberId, endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth, created_at: new Date() });
  });
  for (let start = 0; start < subscriptions.length; start += 500) await db.insertInto('push_subscriptions').values(subscriptions.slice(start, start + 500)).execute();

  // The statement is down while the members transfer, so that the feed then credits them all in one
  // burst: the notices' worst case, every deposit's notice due at once.
  await call(server.url, 'PUT', '/sandbox/bank/faults', { unavailable: true });
  await inParallel(members, 16, async (member) => {
    const sent = await call(server.url, 'POST', '/sandbox/bank/transfers', { amount: 100, toAccountNo: FEED_ACCOUNT, toBankCode: 'SCB', fromBankCode: 'SCB', fromAccountNo: member.accountNo });
    if (sent.status !== 200) throw new Error(`transfer: ${sent.status} ${JSON.stringify(sent.body)}`);
  });
  await call(server.url, 'PUT', '/sandbox/bank/faults', {});
  const started = performance.now();
  console.log(`${deposits} transfers made while the statement was down; the feed now reads them at once while the worker sends`);
  const count = async (state?: string) =>
    Number((await db.selectFrom('notices').select(sql<string>`count(*)`.as('n')).$if(state !== undefined, (query) => query.where('state', '=', state as 'sent')).executeTakeFirstOrThrow()).n);
  const deadline = Date.now() + 10 * 60_000;
  while ((await count()) < deposits && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
  const credited = performance.now();
  while ((await count('pending')) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
  const finished = performance.now();

  const rows = await db.selectFrom('notices').select(['state', 'channel', 'created_at', 'finished_at']).execute();
  const delays = rows.filter((row) => row.state === 'sent' && row.finished_at).map((row) => (row.finished_at!.getTime() - row.created_at.getTime()) / 1000).sort((a, b) => a - b);
  const pick = (share: number) => delays[Math.min(delays.length - 1, Math.floor(share * delays.length))] ?? Number.NaN;
  const within = delays.filter((delay) => delay <= GOAL_SECONDS).length / deposits;
  const inbox = Number((await db.selectFrom('sandbox_push_messages').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  console.log(`\ncredited in ${((credited - started) / 1000).toFixed(1)} s, every notice handled ${((finished - started) / 1000).toFixed(1)} s after the statement came back`);
  console.log('\n| figure | value | goal |\n|---|---|---|');
  console.log(`| notices written (one per deposit) | ${rows.length} | ${deposits} |`);
  console.log(`| delivered within ${GOAL_SECONDS} s of the deposit | ${(within * 100).toFixed(2)} %${within < GOAL_SHARE ? ' — MISSED' : ''} | ≥ ${GOAL_SHARE * 100} % |`);
  console.log(`| delay from deposit to the push service taking it: p50 / p95 / p99 / max | ${pick(0.5).toFixed(2)} / ${pick(0.95).toFixed(2)} / ${pick(0.99).toFixed(2)} / ${(delays.at(-1) ?? Number.NaN).toFixed(2)} s | p99 ≤ ${GOAL_SECONDS} s |`);
  console.log(`| messages the browsers decrypted (never twice) | ${inbox} | ${deposits} |`);
  if (within < GOAL_SHARE || inbox !== deposits || rows.length !== deposits) process.exitCode = 1;
} finally {
  await stop(server, 'SIGTERM');
  await database.close();
  await own.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
