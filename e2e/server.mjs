// The server the journeys run against: the real app, built web, a fresh embedded database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-e2e-'));
delete process.env.DATABASE_URL;
Object.assign(process.env, {
  PORT: process.env.E2E_PORT ?? '8181',
  // E2E_SITE=la: the Laos build (its member app in apps/web/dist-la, its demo data).
  SITE: process.env.E2E_SITE ?? 'th',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_USERNAME: 'e2e-admin',
  ADMIN_PASSWORD: 'e2e-admin-pass',
  // Every journey registers its members from 127.0.0.1, more than the default 20 SMS an hour.
  OTP_SENDS_PER_ADDRESS_PER_HOUR: '10000',
  // So does every page, asset and call of every journey: more than one person's 1,200 a minute.
  FLOOD_LIMIT_ADDRESS_PER_MINUTE: '100000',
  DRAIN_SECONDS: '0',
  // The reconciler's jobs (the sweep that opens harm cases, the bank feed) every 10 s: a journey waits seconds for them.
  RECONCILE_INTERVAL_MS: '10000',
});
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
register();
await import('../apps/server/src/main.ts');
