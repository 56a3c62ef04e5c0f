import fs from 'node:fs';
import http from 'node:http';
import type { DatabaseHandle } from '../db/database.js';
import { dumpEmbeddedDatabase, socketAnswers } from '../db/embedded-backup.js';

/**
 * GET /backup on a Unix socket (never a TCP port): the embedded database's copy, for
 * `npm run backup`. The socket is the owner's alone (mode 0600), in DATA_DIR.
 */
export async function serveEmbeddedBackups(database: DatabaseHandle, socketPath: string, log: { info(message: string): void; error(details: object, message: string): void }): Promise<http.Server> {
  if (fs.existsSync(socketPath)) {
    if (await socketAnswers(socketPath)) throw new Error(`another server answers on ${socketPath}: one embedded database, one server`);
    fs.rmSync(socketPath);
  }
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
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
  return server;
}
