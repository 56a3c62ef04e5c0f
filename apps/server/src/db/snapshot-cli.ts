import fs from 'node:fs';
import path from 'node:path';
import { readCatalog } from './catalog.js';
import { openDatabase } from './database.js';
import { FUNCTIONS_DIR, migrate } from './migrate.js';

export const SNAPSHOT_DIR = new URL('../../db/', import.meta.url).pathname;
export { FUNCTIONS_DIR };
export const SCHEMA_FILE = path.join(SNAPSHOT_DIR, 'schema.sql');

/** `npm run db:snapshot`: migrates a fresh embedded database and writes what it holds under apps/server/db/. */
export async function writeSnapshot(): Promise<void> {
  const handle = await openDatabase({});
  try {
    await migrate(handle);
    const catalog = await readCatalog(handle.db);
    fs.rmSync(FUNCTIONS_DIR, { recursive: true, force: true });
    fs.mkdirSync(FUNCTIONS_DIR, { recursive: true });
    for (const [name, definition] of catalog.functions) fs.writeFileSync(path.join(FUNCTIONS_DIR, `${name}.sql`), definition);
    fs.writeFileSync(SCHEMA_FILE, catalog.schema);
    console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)} and ${catalog.functions.size} functions`);
  } finally {
    await handle.close();
  }
}
