import fs from 'node:fs';
import path from 'node:path';
import { readFunctions } from './catalog.js';
import type { DatabaseHandle } from './database.js';

const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url).pathname;
/** Each database function's one body (db/README.md): applied after the migrations, not restated in them. */
export const FUNCTIONS_DIR = new URL('../../db/functions/', import.meta.url).pathname;
// Any constant works; it only has to be the same on every node so two never migrate at once.
const MIGRATION_LOCK_ID = 724117;

/**
 * Applies migrations/NNN_*.sql in order, each once, each in its own transaction; then each function
 * of db/functions/ whose body the database does not hold yet, in one transaction.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort();
  return handle.withSession(async (run) => {
    await run(`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID});
      CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`);
    try {
      const done = new Set(
        (await handle.db.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name),
      );
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const script = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        // File names match a strict pattern above, so quoting them inline is safe.
        try {
          await run(`BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
        } catch (error) {
          await run('ROLLBACK;');
          throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(file);
      }
      const held = await readFunctions(handle.db);
      const changed = fs
        .readdirSync(FUNCTIONS_DIR)
        .filter((file) => file.endsWith('.sql'))
        .sort()
        .map((file) => ({ file, body: fs.readFileSync(path.join(FUNCTIONS_DIR, file), 'utf8') }))
        .filter(({ file, body }) => held.get(file.slice(0, -'.sql'.length)) !== body);
      if (changed.length > 0) {
        try {
          await run(`BEGIN;\n${changed.map(({ body }) => `${body};`).join('\n')}\nCOMMIT;`);
        } catch (error) {
          await run('ROLLBACK;');
          throw new Error(`Database functions ${changed.map(({ file }) => file).join(', ')} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(...changed.map(({ file }) => `functions/${file}`));
      }
      return applied;
    } finally {
      await run(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID});`);
    }
  });
}
