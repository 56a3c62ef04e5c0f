import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { createLedger } from '../src/modules/ledger/ledger.service.js';
import { type ServerProcess, call, schemaOfItsOwn, signUpThrough, startServer, stop } from './server-process.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Auth = { authorization: string };
const login = async (base: string, username: string, password: string): Promise<Auth> => ({
  authorization: `Bearer ${(await call(base, 'POST', '/api/admin/login', { username, password })).body.token as string}`,
});

/**
 * A server killed while the bank holds its payouts: once after the payouts were written and before
 * the bank took them, once after the bank paid them and before its answers came back. Restarted on
 * the same data, the reconciler asks the bank by each payout's reference and settles every
 * withdrawal once: the bank paid each once, and our books say what the bank did.
 */
describe('a crash while the bank pays withdrawals', () => {
  it('settles every payout once, as the bank made it, and sends none twice', async () => {
    const databaseUrl = process.env.DATABASE_URL;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-crash-payouts-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string | undefined> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      FAST_HASH: '1',
      DATA_DIR: dataDir,
      RECONCILE_INTERVAL_MS: '500',
      // A payout whose call the kill cut short is asked about once its call would have timed out.
      BANK_TRANSFER_TIMEOUT_MS: '2000',
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'crash-payout-chief',
      DATABASE_URL: undefined,
    };
    let schema: string | undefined;
    if (databaseUrl) {
      const own = await schemaOfItsOwn(databaseUrl, 'crashpay');
      schema = own.schema;
      env.DATABASE_URL = own.url;
      cleanups.push(own.drop);
    }
    let server: ServerProcess = await startServer(env);
    let base = server.url;
    const chief = await login(base, 'chief', 'crash-payout-chief');
    await call(base, 'POST', '/api/admin/operators', { username: 'second-chief', password: 'second-chief-pass-1', roles: ['admin'] }, chief);
    const change = await call(base, 'PUT', '/api/admin/settings/site', { autoPayoutMax: 5_000, autoPayoutDailyBudget: 1_000_000 }, chief);
    expect(change.status).toBe(202);
    expect((await call(base, 'POST', `/api/admin/config-changes/${change.body._id}/approve`, undefined, await login(base, 'second-chief', 'second-chief-pass-1'))).status).toBe(200);

    const members = [];
    for (let index = 0; index < 6; index += 1) {
      const member = await signUpThrough(base, `Crash Payee ${index}`);
      expect((await call(base, 'POST', '/sandbox/wallet/credit', { phone: member.phone, amount: 3_000 })).status).toBe(200);
      members.push(member);
    }

    // Each round: the bank slow in the way named, withdrawals requested, the kill while their payouts wait on the bank.
    const requested: string[] = [];
    for (const fault of [{ slowMs: 3_000 }, { answerDelayMs: 3_000 }]) {
      await call(base, 'PUT', '/sandbox/bank/transfer-faults', fault);
      for (const member of members) {
        const answer = await call(base, 'POST', '/api/wallet/withdraw', { amount: 700 }, member.auth);
        expect(answer.status).toBe(200);
        requested.push(answer.body.withdrawal._id as string);
      }
      // The payouts are written and their calls under way (the bank holds them 3 s): kill now.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await stop(server, 'SIGKILL');
      server = await startServer(env);
      base = server.url;
    }

    // The restarted server's reconciler (every 500 ms) asks the bank about every payout left open.
    const open = () => openDatabase(databaseUrl ? { databaseUrl, schema } : { dataDir: path.join(dataDir, 'db') });
    for (let round = 0; round < 5; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      await stop(server, 'SIGTERM');
      const check = await open();
      const left = await check.db.selectFrom('payouts').select('withdrawal_id').where('status', 'in', ['sending', 'pending']).execute();
      await check.close();
      if (left.length === 0) break;
      server = await startServer(env);
    }
    await stop(server, 'SIGTERM');

    const database = await open();
    try {
      const { db } = database;
      const withdrawals = await db.selectFrom('withdrawals').select(['id', 'status', 'decided_by', 'reference', 'amount']).where('id', 'in', requested).execute();
      expect(withdrawals).toHaveLength(requested.length);
      const payoutRows = await db.selectFrom('payouts').select(['withdrawal_id', 'status', 'attempts', 'failure']).execute();
      expect(withdrawals.filter((row) => row.status !== 'SUCCESS' || row.decided_by !== 'auto-payout'), JSON.stringify(payoutRows)).toEqual([]);
      // The bank made exactly one transfer per withdrawal, under its reference, for its amount.
      const made = await db.selectFrom('sandbox_bank_payouts').select(['our_ref', 'amount', 'status', 'requests']).where('our_ref', 'is not', null).execute();
      expect(made).toHaveLength(requested.length);
      const byReference = new Map(made.map((row) => [row.our_ref, row]));
      for (const row of withdrawals) expect(byReference.get(row.reference), row.reference).toMatchObject({ amount: row.amount, status: 'SUCCESS' });
      // The first round's payouts never reached the bank before the kill: asked after it, the bank knew none and took each once.
      const payouts = await db.selectFrom('payouts').select(['withdrawal_id', 'attempts']).where('withdrawal_id', 'in', requested).execute();
      expect(payouts.filter((row) => row.attempts >= 2).length, 'no payout was cut short before the bank took it').toBeGreaterThan(0);
      expect(made.every((row) => row.requests === 1), 'a payout the bank had taken was sent again').toBe(true);
      // Each withdrawal's hold was posted once, and the ledger is exact.
      const posted = await db.selectFrom('ledger_transfers').select('reference').where('kind', '=', 'withdrawal').where('resolves_hold_id', 'is not', null).execute();
      expect(posted.map((row) => row.reference).sort()).toEqual([...requested].sort());
      const report = await createLedger(db).verify();
      expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);
    } finally {
      await database.close();
    }
  }, 180_000);
});
