import fs from 'node:fs';
import path from 'node:path';
import { SITE_PROFILES } from '@wallet/contract';
import { createFolderStorage } from '../../adapters/upload-storage.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { createAuditChain } from './audit-chain.js';
import { auditSecret } from './audit-key.js';
import { createAuditService } from './audit.service.js';
import { createCheckpointStore } from './checkpoint-store.js';

/**
 * `npm run audit:verify`: checks the audit log's keyed chain on the configured database against the
 * latest checkpoint on the upload storage, with the server's key (AUDIT_KEY or DATA_DIR/audit.key);
 * exit code 1 when anything does not hold.
 */
export async function verifyConfiguredAuditLog(): Promise<number> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db') });
  try {
    await migrate(database, { sandboxes: config.sandboxes });
    const audit = createAuditService({
      db: database.db,
      chain: createAuditChain(auditSecret(config)),
      checkpoints: createCheckpointStore(createFolderStorage(config.uploadDir)),
      now: () => new Date(),
      site: SITE_PROFILES[config.site],
    });
    const report = await audit.verify();
    console.log(JSON.stringify(report, null, 2));
    const anchored = report.checkpoint ? `checkpoint at position ${report.checkpoint.position} (${report.checkpoint.at}): ${report.checkpoint.status}` : 'no checkpoint written yet';
    console.log(report.ok ? `audit log OK (${report.entries} entries; ${anchored})` : `AUDIT LOG DOES NOT HOLD (${report.broken.length} entries; ${anchored})`);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}
