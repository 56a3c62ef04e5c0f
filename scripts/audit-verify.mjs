// `npm run audit:verify`: checks the audit log's hash chain on the configured
// database (DATABASE_URL, else the embedded one under DATA_DIR). Exit code 1 when an entry was
// edited, deleted, inserted or re-hashed outside the chain, or when the newest entries are gone since
// the latest checkpoint (UPLOAD_DIR/audit/checkpoint.json). Needs the server's audit key (AUDIT_KEY or
// DATA_DIR/audit.key). Stop the server before verifying the embedded database.
import { register } from 'tsx/esm/api';

register();
const { verifyConfiguredAuditLog } = await import('../apps/server/src/modules/audit/verify-cli.ts');
process.exitCode = await verifyConfiguredAuditLog();
