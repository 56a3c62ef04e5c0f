import fs from 'node:fs';
import path from 'node:path';
import { readFunctions } from './catalog.js';
import type { DatabaseHandle } from './database.js';
import { SERVER_ROOT } from '../server-root.js';

const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');
/** Each database function's one body (db/README.md): applied after the migrations, not restated in them. */
export const FUNCTIONS_DIR = path.join(SERVER_ROOT, 'db', 'functions');
/** The sandboxes' tables and functions (DESIGN §7), made only where sandboxes are on: a production schema describes production. */
const SANDBOX_MIGRATIONS_DIR = path.join(MIGRATIONS_DIR, 'sandbox');
export const SANDBOX_FUNCTIONS_DIR = path.join(SERVER_ROOT, 'db', 'sandbox', 'functions');

export interface MigrateOptions {
  /** Whether the sandboxes run here (config `sandboxes`): their migrations and functions are applied too. */
  sandboxes: boolean;
}

/** The SQL files of a folder in order, each named as it is recorded (`prefix` + file name). */
const sqlFiles = (dir: string, pattern: RegExp, prefix: string) =>
  fs
    .readdirSync(dir)
    .filter((file) => pattern.test(file))
    .sort()
    .map((file) => ({ name: `${prefix}${file}`, path: path.join(dir, file) }));
// Any constant works; it only has to be the same on every node so two never migrate at once.
const MIGRATION_LOCK_ID = 724117;

/**
 * Applies migrations/NNN_*.sql in order, each once, each in its own transaction; then each function
 * of db/functions/ whose body the database does not hold yet, in one transaction.
 */
export async function migrate(handle: DatabaseHandle, { sandboxes }: MigrateOptions): Promise<string[]> {
  const migration = /^\d{3}_[\w-]+\.sql$/;
  // Recorded by name: a sandbox migration as `sandbox/NNN_name.sql`.
  const files = [...sqlFiles(MIGRATIONS_DIR, migration, ''), ...(sandboxes ? sqlFiles(SANDBOX_MIGRATIONS_DIR, migration, 'sandbox/') : [])];
  const functionFiles = [...sqlFiles(FUNCTIONS_DIR, /\.sql$/, 'functions/'), ...(sandboxes ? sqlFiles(SANDBOX_FUNCTIONS_DIR, /\.sql$/, 'sandbox/functions/') : [])];
  return handle.withSession(async (run) => {
    /** Runs a script in a transaction of its own; a failure is rolled back and named. */
    async function inTransaction(script: string, what: string): Promise<void> {
      try {
        await run(`BEGIN;\n${script}\nCOMMIT;`);
      } catch (error) {
        await run('ROLLBACK;');
        throw new Error(`${what} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    await run(`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID});
      CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`);
    try {
      const done = new Set(
        (await handle.db.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name),
      );
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file.name)) continue;
        const script = fs.readFileSync(file.path, 'utf8');
        // File names match a strict pattern above, so quoting them inline is safe.
        await inTransaction(`${script}\n;INSERT INTO schema_migrations (name) VALUES ('${file.name}');`, `Migration ${file.name}`);
        applied.push(file.name);
      }
      const held = await readFunctions(handle.db);
      const changed = functionFiles
        .map((file) => ({ ...file, body: fs.readFileSync(file.path, 'utf8') }))
        .filter(({ path: file, body }) => held.get(path.basename(file, '.sql')) !== body);
      if (changed.length > 0) {
        await inTransaction(changed.map(({ body }) => `${body};`).join('\n'), `Database functions ${changed.map(({ name }) => name).join(', ')}`);
        applied.push(...changed.map(({ name }) => name));
      }
      return applied;
    } finally {
      await run(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID});`);
    }
  });
}
