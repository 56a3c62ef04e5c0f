import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { createMembers } from '../account/members.js';
import { createDeposits } from '../deposit/deposits.js';
import { createInviteCheck } from '../promotions/invite-check.js';
import { gameTransferHoldsCheck } from '../wallet/wallet.module.js';
import { withdrawalHoldsCheck } from '../withdraw/withdraw.module.js';
import { createLedger } from './ledger.service.js';

export async function verifyConfiguredLedger(): Promise<number> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    await migrate(database, { sandboxes: config.sandboxes });
    const ledger = createLedger(database.db);
    // The checks the modules register on the server's ledger (each module's *.module.ts), registered here alike.
    ledger.addInvariantCheck(createInviteCheck({ members: createMembers(), deposits: createDeposits() }));
    ledger.addInvariantCheck(withdrawalHoldsCheck(ledger));
    ledger.addInvariantCheck(gameTransferHoldsCheck(ledger));
    const report = await ledger.verify();
    console.log(JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? value.toString() : value), 2));
    console.log(report.ok ? 'ledger OK' : 'LEDGER INVARIANTS BROKEN');
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}
