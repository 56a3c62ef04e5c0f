import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { DatabaseHandle } from '../db/database.js';
import { dumpEmbeddedDatabase, socketAnswers } from '../db/embedded-backup.js';

type Log = { info(message: string): void; error(details: object, message: string): void };

/**
 * The embedded database's socket in DATA_DIR (never a TCP port, the owner's alone: mode 0600): GET
 * /backup answers its copy, for `npm run backup`. Held from before the database is opened until
 * after it is closed, it is also the claim on the database: a second server on the same DATA_DIR
 * finds it answering and stops before opening the database (the embedded PostgreSQL is one
 * process's), also while the first is still draining or closing.
 */
export async function claimEmbeddedDatabase(socketPath: string) {
  fs.mkdirSync(path.dirname(socketPath), { recursive: true });
  if (fs.existsSync(socketPath)) {
    if (await socketAnswers(socketPath)) throw new Error(`another server answers on ${socketPath}: one embedded database, one server`);
    fs.rmSync(socketPath);
  }
  let backups: { database: DatabaseHandle; log: Log } | null = null;
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') return void response.writeHead(404).end();
    // Still starting: the database is not open yet.
    if (!backups) return void response.writeHead(503).end();
    const { database, log } = backups;
    const started = Date.now();
    dumpEmbeddedDatabase(database).then(
      (copy) => {
        response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': copy.length, 'x-backup-taken-at': new Date().toISOString() }).end(copy);
        log.info(`embedded database copied for a backup: ${copy.length} bytes in ${Date.now() - started} ms`);
      },
      (error: unknown) => {
        log.error({ err: error }, 'embedded database backup failed');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  fs.chmodSync(socketPath, 0o600);
  return {
    /** From now on GET /backup copies this database. */
    serveBackups(database: DatabaseHandle, log: Log): void {
      backups = { database, log };
    },
    /** Gives the database up: only once it is closed. */
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
