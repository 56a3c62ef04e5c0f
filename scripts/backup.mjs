// `npm run backup [file]`: a consistent copy of the RUNNING server's embedded database (PGlite),
// taken by the server itself and asked for on DATA_DIR/backup.sock (docs/operations.md "Backups and
// restore"). Default file: backups/wallet-<site>-<time>.tar.gz. PostgreSQL is backed up by pgBackRest.
import { register } from 'tsx/esm/api';

register();
const { takeEmbeddedBackup } = await import('../apps/server/src/db/embedded-backup-cli.ts');
try {
  process.exitCode = await takeEmbeddedBackup(process.argv[2]);
} catch (error) {
  console.error(`backup failed: ${error.message}`);
  process.exitCode = 1;
}
