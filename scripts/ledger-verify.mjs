// `npm run ledger:verify`: checks the ledger invariants (DESIGN §5) on the configured database
// (DATABASE_URL, else the embedded one under DATA_DIR). Exit code 1 when any is broken.
// The embedded database is single-process: stop the server before verifying it.
import { register } from 'tsx/esm/api';

register();
const { verifyConfiguredLedger } = await import('../apps/server/src/modules/ledger/verify-cli.ts');
process.exitCode = await verifyConfiguredLedger();
