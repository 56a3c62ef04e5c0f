import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from './database.js';

/**
 * The embedded database (PGlite) is one process's: only the running server can copy it whole. It
 * answers a copy on a Unix socket in DATA_DIR (ADR 0345), which only who may read DATA_DIR reaches.
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock');
}

/** Whether a server answers on the socket (a file left by one that was killed does not). */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The embedded database's data folder as a gzip tarball, taken between two of the app's
 * transactions: holding the app's one connection, nothing of the app's is half done; a checkpoint
 * first, so the copy starts without replaying WAL.
 */
export async function dumpEmbeddedDatabase(database: DatabaseHandle): Promise<Buffer> {
  const pglite = database.pglite;
  if (!pglite) throw new Error('only the embedded database is copied this way (PostgreSQL: pgBackRest)');
  return database.db.connection().execute(async (connection) => {
    await sql`CHECKPOINT`.execute(connection);
    const dump = await pglite.dumpDataDir('gzip');
    return Buffer.from(await dump.arrayBuffer());
  });
}

/**
 * Puts a copy in place of the embedded database in `databaseDir` (the server stopped): the folder as
 * it was is kept beside, renamed, and the copy is opened once to prove it starts. Answers where the
 * folder as it was went.
 */
export async function restoreEmbeddedDatabase(databaseDir: string, copy: Buffer, now = new Date()): Promise<string | undefined> {
  const replaced = fs.existsSync(databaseDir) ? `${databaseDir}.before-restore-${now.toISOString().replaceAll(':', '-')}` : undefined;
  if (replaced) fs.renameSync(databaseDir, replaced);
  try {
    const database = await openDatabase({ dataDir: databaseDir, loadDataDir: new Blob([new Uint8Array(copy)]) });
    try {
      // Read once: the copy answers (and the client is closed only once it was used).
      await sql`SELECT count(*) FROM schema_migrations`.execute(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    fs.rmSync(databaseDir, { recursive: true, force: true });
    if (replaced) fs.renameSync(replaced, databaseDir);
    throw error;
  }
  return replaced;
}
