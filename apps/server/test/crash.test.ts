import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { createLedger } from '../src/modules/ledger/ledger.service.js';
import { call, schemaOfItsOwn, signUpThrough, startServer, stop } from './server-process.js';



const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('a crash in the middle of transfers', () => {
  it('keeps every acknowledged transfer, settles the pending ones and keeps the ledger exact', async () => {
    const databaseUrl = process.env.DATABASE_URL;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      FAST_HASH: '1',
      DATA_DIR: dataDir,
      PROVIDER_TIMEOUT_MS: '1500',
      RECONCILE_INTERVAL_MS: '500',
      RECONCILE_AFTER_MS: '0',
      NOT_FOUND_GRACE_MS: '0',
      ADMIN_PASSWORD: 'crash-test-admin',
    };
    let schema: string | undefined;
    if (databaseUrl) {
      const own = await schemaOfItsOwn(databaseUrl, 'crash');
      schema = own.schema;
      env.DATABASE_URL = own.url;
      cleanups.push(own.drop);
    } else {
      delete env.DATABASE_URL;
    }

    let server = await startServer(env);
    const base = server.url;
    // A member with money and two game accounts.
    const { phone, auth } = await signUpThrough(base, 'Crash Member');
    await call(base, 'POST', '/sandbox/wallet/credit', { phone, amount: 10_000 });
    for (const code of ['PG', 'UFABET']) expect((await call(base, 'GET', `/api/wallet/activate/${code}`, undefined, auth)).status).toBe(200);
    // Slow the provider so transfers are in flight when the process dies.
    await call(base, 'PUT', '/sandbox/provider/faults', { latencyMs: 40 });

    const acknowledged: string[] = [];
    let crashed = false;
    const load = [0, 1, 2, 3].map(async (worker) => {
      for (let round = 0; !crashed; round += 1) {
        const key = `crash-${worker}-${round}-${crypto.randomUUID()}`;
        const [from, to] = round % 2 === 0 ? ['WALLET', worker % 2 ? 'PG' : 'UFABET'] : [worker % 2 ? 'PG' : 'UFABET', 'WALLET'];
        try {
          const result = await call(base, 'POST', '/api/wallet/transfer', { from, to, amount: round % 2 === 0 ? 20 : 10 }, { ...auth, 'idempotency-key': key });
          if (result.status === 200) acknowledged.push(key);
        } catch {
          return; // the connection died with the process
        }
      }
    });
    // Kill once the load is well under way, however fast this machine is.
    for (let waited = 0; acknowledged.length < 10 && waited < 30_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Make the provider slow, so the kill certainly catches transfers inside a provider call.
    await call(base, 'PUT', '/sandbox/provider/faults', { latencyMs: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    crashed = true;
    await stop(server, 'SIGKILL');
    await Promise.all(load);
    expect(acknowledged.length).toBeGreaterThan(5);

    // Restart on the same data: the reconciler runs at start and settles what was in flight.
    server = await startServer(env);
    await call(server.url, 'PUT', '/sandbox/provider/faults', {});
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await stop(server, 'SIGTERM');

    const database = await openDatabase(databaseUrl ? { databaseUrl, schema } : { dataDir: path.join(dataDir, 'db') });
    try {
      const transfers = await database.db.selectFrom('provider_transfers').select(['idempotency_key', 'status', 'attempts']).execute();
      // Transfers caught in flight can only have been settled by the reconciler (attempts > 0).
      expect(transfers.some((row) => row.attempts > 0), 'no transfer was in flight at the kill').toBe(true);
      const byKey = new Map(transfers.map((row) => [row.idempotency_key, row.status]));
      for (const key of acknowledged) expect(byKey.get(key), key).toBe('posted');
      expect(transfers.filter((row) => row.status === 'pending')).toEqual([]);
      const report = await createLedger(database.db).verify();
      expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);
      expect(report.transfers).toBeGreaterThan(acknowledged.length);
    } finally {
      await database.close();
    }
  }, 120_000);
});
