// `npm run db:snapshot`: writes the migrated schema (apps/server/db/schema.sql) and each database
// function's current body (apps/server/db/functions/<name>.sql). Run it after adding a migration;
// `npm test` fails while they differ from what the migrations make.
import { register } from 'tsx/esm/api';

register();
const { writeSnapshot } = await import('../apps/server/src/db/snapshot-cli.ts');
await writeSnapshot();
