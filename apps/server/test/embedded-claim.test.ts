import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimEmbeddedDatabase } from '../src/http/backup-socket.js';
import type { DatabaseHandle } from '../src/db/database.js';

const folders: string[] = [];
function socketIn(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-claim-'));
  folders.push(folder);
  return path.join(folder, 'backup.sock');
}
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** GET /backup on the socket: its status. */
const askForBackup = (socketPath: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get({ socketPath, path: '/backup' }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      })
      .on('error', reject);
  });

describe('the claim on the embedded database', () => {
  it('refuses a second server on the same data folder until the first has given the database up', async () => {
    const socketPath = socketIn();
    const first = await claimEmbeddedDatabase(socketPath);
    await expect(claimEmbeddedDatabase(socketPath)).rejects.toThrow('one embedded database, one server');
    await first.release();
    const second = await claimEmbeddedDatabase(socketPath);
    await second.release();
  });

  it('makes the data folder of a first start', async () => {
    const socketPath = path.join(path.dirname(socketIn()), 'data', 'backup.sock');
    const claim = await claimEmbeddedDatabase(socketPath);
    expect(fs.statSync(socketPath).isSocket()).toBe(true);
    await claim.release();
  });

  it('takes over the socket a killed server left behind', async () => {
    const socketPath = socketIn();
    fs.writeFileSync(socketPath, '');
    const claim = await claimEmbeddedDatabase(socketPath);
    expect(fs.statSync(socketPath).isSocket()).toBe(true);
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
    await claim.release();
  });

  it('answers a backup asked for while the database is not open yet with 503', async () => {
    const socketPath = socketIn();
    const claim = await claimEmbeddedDatabase(socketPath);
    try {
      expect(await askForBackup(socketPath)).toBe(503);
      claim.serveBackups({} as DatabaseHandle, { info: () => undefined, error: () => undefined });
      // Served now: the (empty) handle's copy fails, which is answered 500, not 503.
      expect(await askForBackup(socketPath)).toBe(500);
    } finally {
      await claim.release();
    }
  });
});
