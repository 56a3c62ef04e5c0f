import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { type ServerProcess, call, signUpThrough, startServer, stop } from '../server-process.js';

/**
 * The embedded database's backup and restore, as an operator runs them: a running server on PGlite,
 * money moved, `npm run backup`, more money moved, `npm run restore` refused while the server runs,
 * the server stopped, `npm run restore`, the ledger and audit log verified, the server started
 * again: what was there at the backup is, what came after is not.
 */
const ROOT = new URL('../../../../', import.meta.url).pathname;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-embedded-backup-'));
const dataDir = path.join(folder, 'data');
const textfiles = path.join(folder, 'textfile');
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server) await stop(server, 'SIGKILL');
  fs.rmSync(folder, { recursive: true, force: true });
});

const environment = { NODE_ENV: 'test', LOG_LEVEL: 'fatal', FAST_HASH: '1', DATA_DIR: dataDir, DATABASE_URL: undefined, ADMIN_PASSWORD: 'backup-test-admin', SEED_DEMO: '0' };

async function npmRun(script: string, ...args: string[]): Promise<{ code: number; output: string }> {
  const { DATABASE_URL: _postgres, ...env } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '-s', script, '--', ...args], { cwd: ROOT, env: { ...env, DATA_DIR: dataDir, WALLET_BACKUP_TEXTFILE_DIR: textfiles } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const walletOf = async (base: string, auth: Record<string, string>) => {
  const answer = await call(base, 'GET', '/api/wallet', undefined, auth);
  return answer.status === 200 ? (answer.body.wallet.amount as number) : answer.status;
};

it('npm run backup copies a running server\'s embedded database and npm run restore brings it back', async () => {
  server = await startServer(environment);
  const before = await signUpThrough(server.url, 'Before Backup');
  expect((await call(server.url, 'POST', '/sandbox/wallet/credit', { phone: before.phone, amount: 5_000 })).status).toBe(200);
  expect((await call(server.url, 'GET', '/api/wallet/activate/PG', undefined, before.auth)).status).toBe(200);
  const moved = await call(server.url, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 1_200 }, { ...before.auth, 'idempotency-key': crypto.randomUUID() });
  expect(moved.status).toBe(200);

  const file = path.join(folder, 'copy.tar.gz');
  const backupStarted = performance.now();
  const backup = await npmRun('backup', file);
  const backupMs = performance.now() - backupStarted;
  expect(backup, backup.output).toMatchObject({ code: 0 });
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  const metric = fs.readFileSync(path.join(textfiles, 'wallet_backup_embedded.prom'), 'utf8');
  const stamped = Number(/^wallet_backup_last_success_timestamp_seconds\{method="embedded"\} (\d+)$/m.exec(metric)?.[1]);
  expect(Math.abs(stamped - Date.now() / 1000)).toBeLessThan(60);

  expect((await call(server.url, 'POST', '/sandbox/wallet/credit', { phone: before.phone, amount: 700 })).status).toBe(200);
  const after = await signUpThrough(server.url, 'After Backup');
  expect((await call(server.url, 'POST', '/sandbox/wallet/credit', { phone: after.phone, amount: 900 })).status).toBe(200);
  expect(await walletOf(server.url, before.auth)).toBe(4_500);

  const refused = await npmRun('restore', file);
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain('the server is running');

  await stop(server, 'SIGTERM');
  server = undefined;
  const restoreStarted = performance.now();
  const restored = await npmRun('restore', file);
  const restoreMs = performance.now() - restoreStarted;
  expect(restored, restored.output).toMatchObject({ code: 0 });
  const ledger = await npmRun('ledger:verify');
  expect(ledger.output, ledger.output).toContain('ledger OK');
  const audit = await npmRun('audit:verify');
  expect(audit.output, audit.output).toContain('audit log OK');

  server = await startServer(environment);
  expect(await walletOf(server.url, before.auth)).toBe(3_800);
  // Its token is still signed by this server, its member is gone.
  expect([401, 404]).toContain(await walletOf(server.url, after.auth));
  expect((await call(server.url, 'POST', '/api/login', { username: after.phone, password: 'member-pass-1' })).status).not.toBe(200);
  console.info(`embedded backup: copy of ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB taken from the running server in ${(backupMs / 1000).toFixed(1)} s (npm run backup, end to end); restored in ${(restoreMs / 1000).toFixed(1)} s (npm run restore)`);
}, 240_000);
