// `npm run restore <file>`: puts a copy made by `npm run backup` in place of the embedded database
// under DATA_DIR, with the server STOPPED (refused while it answers); the database as it was is kept
// beside, renamed. Then verify (npm run ledger:verify, npm run audit:verify) and start the server.
import { register } from 'tsx/esm/api';

register();
const { restoreEmbeddedBackup } = await import('../apps/server/src/db/embedded-backup-cli.ts');
try {
  process.exitCode = await restoreEmbeddedBackup(process.argv[2]);
} catch (error) {
  console.error(`restore failed: ${error.message}`);
  process.exitCode = 1;
}
