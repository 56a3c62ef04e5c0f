import fs from 'node:fs';
import path from 'node:path';
import { readCatalog } from './catalog.js';
import { openDatabase } from './database.js';
import { FUNCTIONS_DIR, SANDBOX_FUNCTIONS_DIR, migrate } from './migrate.js';
import { SERVER_ROOT } from '../server-root.js';

export const SNAPSHOT_DIR = path.join(SERVER_ROOT, 'db');
export { FUNCTIONS_DIR, SANDBOX_FUNCTIONS_DIR };
export const SCHEMA_FILE = path.join(SNAPSHOT_DIR, 'schema.sql');
export const SANDBOX_SCHEMA_FILE = path.join(SNAPSHOT_DIR, 'sandbox', 'schema.sql');

/** `npm run db:snapshot`: migrates a fresh embedded database and writes what it holds under apps/server/db/. */
export async function writeSnapshot(): Promise<void> {
  const handle = await openDatabase({});
  try {
    await migrate(handle, { sandboxes: true });
    const catalog = await readCatalog(handle.db);
    for (const [dir, functions] of [[FUNCTIONS_DIR, catalog.functions], [SANDBOX_FUNCTIONS_DIR, catalog.sandbox.functions]] as const) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      for (const [name, definition] of functions) fs.writeFileSync(path.join(dir, `${name}.sql`), definition);
    }
    fs.writeFileSync(SCHEMA_FILE, catalog.schema);
    fs.writeFileSync(SANDBOX_SCHEMA_FILE, catalog.sandbox.schema);
    console.log(`wrote ${path.relative(process.cwd(), SNAPSHOT_DIR)}: the schema, ${catalog.functions.size} functions, and the sandboxes' schema and ${catalog.sandbox.functions.size}`);
  } finally {
    await handle.close();
  }
}
