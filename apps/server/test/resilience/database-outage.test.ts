import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { createLedger } from '../../src/modules/ledger/ledger.service.js';
import { type ServerProcess, call, signUpThrough, startServer, stop } from '../server-process.js';
import { type ScratchPostgres, startScratchPostgres } from './scratch-postgres.js';

/**
 * Two nodes on a PostgreSQL server of the test's own. Their connections are cut
 * (pg_terminate_backend, as a restart, a failover, a pooler reset or idle_session_timeout do) while
 * idle and under load, and the server is stopped and started again. No node dies; /readyz answers
 * 503 while the database is away and 200 once it is back, by itself; money calls caught in the cut
 * answer 503 and a retry with the same key moves the money once.
 */
const APPLICATION = 'wallet-node';
let database: ScratchPostgres;
let nodes: ServerProcess[] = [];
const folders: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function terminateNodeConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const result = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [APPLICATION]);
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** Milliseconds until every node's /readyz answers `status`, polled every 50 ms. */
async function untilReady(status: 200 | 503, withinMs = 15_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answers = await Promise.all(nodes.map((node) => fetch(`${node.url}/readyz`).then((response) => response.status, () => 0)));
    if (answers.every((answer) => answer === status)) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`/readyz answered ${answers.join(', ')}, not ${status}, for ${withinMs} ms`);
    await sleep(50);
  }
}

const alive = () => nodes.map((node) => node.process.exitCode === null && node.process.signalCode === null);

beforeAll(async () => {
  database = startScratchPostgres();
  const url = new URL(database.url);
  url.searchParams.set('application_name', APPLICATION);
  for (let index = 0; index < 2; index += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-outage-'));
    folders.push(dataDir);
    // One after the other: the first applies the migrations.
    nodes.push(
      await startServer({
        NODE_ENV: 'test',
        LOG_LEVEL: 'fatal',
        FAST_HASH: '1',
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        DATABASE_POOL_SIZE: '6',
        ADMIN_PASSWORD: 'outage-test-admin',
        RECONCILE_INTERVAL_MS: '500',
        RECONCILE_AFTER_MS: '0',
        // A transfer the provider has not booked is voided only after this: its own write may still be
        // on its way when the reconciler first asks (production waits 2 minutes).
        NOT_FOUND_GRACE_MS: '1500',
        // One member's calls, and every retry of them, in a few seconds: the flood guard has its own tests.
        FLOOD_LIMIT_MEMBER_PER_MINUTE: '1000000',
        FLOOD_LIMIT_ADDRESS_PER_MINUTE: '1000000',
        REDIS_KEY_PREFIX: `outage-${crypto.randomBytes(4).toString('hex')}:`,
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => stop(node, 'SIGKILL')));
  nodes = [];
  database?.destroy();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('a node survives losing its database', () => {
  it('while idle: connections cut on both nodes, both stay up and serve the next call', async () => {
    const member = await signUpThrough(nodes[0]!.url, 'Idle Member');
    await call(nodes[0]!.url, 'POST', '/sandbox/wallet/credit', { phone: member.phone, amount: 1_000 });
    // Every node has idle connections in its pool.
    for (const node of nodes) expect((await call(node.url, 'GET', '/api/wallet', undefined, member.auth)).status).toBe(200);

    expect(await terminateNodeConnections()).toBeGreaterThan(1);
    await sleep(500);
    expect(alive()).toEqual([true, true]);
    for (const node of nodes) expect((await call(node.url, 'GET', '/api/wallet', undefined, member.auth)).body.wallet.amount).toBe(1_000);
  });

  it('under load: calls caught in the cut answer 503, never 500, and their retries with the same key move the money once', async () => {
    const member = await signUpThrough(nodes[0]!.url, 'Busy Member');
    await call(nodes[0]!.url, 'POST', '/sandbox/wallet/credit', { phone: member.phone, amount: 10_000 });
    expect((await call(nodes[0]!.url, 'GET', '/api/wallet/activate/PG', undefined, member.auth)).status).toBe(200);

    const calls: { key: string; status: number }[] = [];
    let cutting = true;
    const load = [0, 1, 2, 3].map(async (worker) => {
      for (let round = 0; cutting; round += 1) {
        const key = `outage-${worker}-${round}-${crypto.randomUUID()}`;
        const node = nodes[(worker + round) % nodes.length]!;
        const answer = await call(node.url, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 10 }, { ...member.auth, 'idempotency-key': key });
        calls.push({ key, status: answer.status });
      }
    });
    for (let cut = 0; cut < 6; cut += 1) {
      await sleep(250);
      await terminateNodeConnections();
    }
    cutting = false;
    await Promise.all(load);

    expect(alive()).toEqual([true, true]);
    // 202: the provider was called and the booking was cut; the reconciler settles it (DESIGN §5).
    // 502 TRANSFER_FAIL: the sandbox provider, on the same database, failed its own write; the money is back.
    const statuses = new Set(calls.map((each) => each.status));
    expect([...statuses].filter((status) => ![200, 202, 502, 503].includes(status)), JSON.stringify([...statuses])).toEqual([]);
    expect(calls.some((each) => each.status === 503), 'no call was caught in a cut').toBe(true);

    // Each key ends once: moved (200), or refused with the money back (502: the provider never
    // booked it, its own write having been cut), the same answer on every retry.
    await sleep(3_500);
    const outcomes = new Map<string, number>();
    for (const each of calls) {
      const retried = await call(nodes[0]!.url, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 10 }, { ...member.auth, 'idempotency-key': each.key });
      if (each.status === 200) expect(retried.status).toBe(200);
      if (each.status === 502) expect(retried.status).toBe(502);
      expect([200, 502], `${each.status} then ${JSON.stringify(retried.body)}`).toContain(retried.status);
      outcomes.set(each.key, retried.status);
    }
    const moved = [...outcomes.values()].filter((status) => status === 200).length;
    expect(moved).toBeGreaterThan(calls.length / 2);
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      const transfers = await handle.db.selectFrom('provider_transfers').select(['idempotency_key', 'status']).where('idempotency_key', 'like', 'outage-%').execute();
      expect(transfers).toHaveLength(calls.length);
      for (const transfer of transfers) expect(transfer.status).toBe(outcomes.get(transfer.idempotency_key ?? '') === 200 ? 'posted' : 'voided');
      const report = await createLedger(handle.db).verify();
      expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);
    } finally {
      await handle.close();
    }
    const view = (await call(nodes[1]!.url, 'GET', '/api/wallet', undefined, member.auth)).body;
    expect(view.wallet.amount).toBe(10_000 - 10 * moved);
    expect(view.slots.find((slot: { code: string }) => slot.code === 'PG').amount).toBe(10 * moved);
  }, 60_000);

  it('through a restart: /readyz answers 503 while the database is down and 200 once it is back, by itself', async () => {
    const member = await signUpThrough(nodes[0]!.url, 'Restart Member');
    await call(nodes[0]!.url, 'POST', '/sandbox/wallet/credit', { phone: member.phone, amount: 500 });

    database.stop();
    const noticed = await untilReady(503);
    for (const node of nodes) {
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      const refused = await call(node.url, 'POST', '/api/wallet/withdrawAll', { amount: 100 }, { ...member.auth, 'idempotency-key': crypto.randomUUID() });
      expect(refused).toMatchObject({ status: 503, body: { message: 'SERVICE_UNAVAILABLE' } });
    }
    await sleep(1_000);
    expect(alive()).toEqual([true, true]);

    database.start();
    const recovered = await untilReady(200);
    console.info(`database restart: nodes answered 503 within ${noticed.toFixed(0)} ms of the stop and were ready ${recovered.toFixed(0)} ms after the start`);
    for (const node of nodes) expect((await call(node.url, 'GET', '/api/wallet', undefined, member.auth)).body.wallet.amount).toBe(500);
    expect(alive()).toEqual([true, true]);
  }, 60_000);
});
