// `npm run db:snapshot`: writes the migrated schema (apps/server/db/schema.sql), each database
// function's body as PostgreSQL prints it (apps/server/db/functions/<name>.sql), and the same for
// the sandboxes (apps/server/db/sandbox/). Run it after adding a migration or changing a function;
// `npm test` fails while they differ from what the migrations make.
import { register } from 'tsx/esm/api';

register();
const { writeSnapshot } = await import('../apps/server/src/db/snapshot-cli.ts');
await writeSnapshot();
