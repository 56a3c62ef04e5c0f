import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { createAuditService } from './audit.service.js';

/** `npm run audit:verify`: checks the audit log's hash chain on the configured database; exit code 1 when broken. */
export async function verifyConfiguredAuditLog(): Promise<number> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db') });
  try {
    await migrate(database);
    const report = await createAuditService({ db: database.db }).verify();
    console.log(JSON.stringify(report, null, 2));
    console.log(report.ok ? `audit log OK (${report.entries} entries)` : 'AUDIT LOG CHAIN BROKEN');
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}
