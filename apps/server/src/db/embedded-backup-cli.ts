import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backupSocketPath, restoreEmbeddedDatabase, socketAnswers } from './embedded-backup.js';

/** Debian's node_exporter textfile directory, used when WALLET_BACKUP_TEXTFILE_DIR is not set and it exists. */
const DEFAULT_TEXTFILE_DIR = '/var/lib/prometheus/node-exporter';

function embeddedConfig() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: PostgreSQL is backed up by pgBackRest (deploy/pgbackrest, docs/operations.md "Backups and restore")');
  return config;
}

function fetchCopy(socketPath: string): Promise<{ copy: Buffer; takenAt: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath, path: '/backup' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const copy = Buffer.concat(chunks);
        if (response.statusCode !== 200) return reject(new Error(`the server answered ${response.statusCode} (its log tells why)`));
        if (copy.length !== Number(response.headers['content-length'])) return reject(new Error('the copy arrived incomplete'));
        resolve({ copy, takenAt: String(response.headers['x-backup-taken-at']) });
      });
    });
    request.on('error', (error) => reject(new Error(`no server answers on ${socketPath} (${error.message}): start it, the copy is taken by the running server`)));
  });
}

/** Writes beside and renames, so a reader (a restore, the textfile collector) never sees half a file. */
function writeWhole(file: string, bytes: Buffer | string, mode: number): void {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}`);
  const handle = fs.openSync(partial, 'w', mode);
  try {
    fs.writeFileSync(handle, bytes);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(partial, file);
}

/** wallet_backup_last_success_timestamp_seconds for node_exporter's textfile collector (docs/operations.md). */
function recordSuccess(finishedAt: Date): string | undefined {
  const directory = process.env.WALLET_BACKUP_TEXTFILE_DIR ?? (fs.existsSync(DEFAULT_TEXTFILE_DIR) ? DEFAULT_TEXTFILE_DIR : undefined);
  if (!directory) return undefined;
  fs.mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'wallet_backup_embedded.prom');
  writeWhole(
    file,
    '# HELP wallet_backup_last_success_timestamp_seconds When the last backup of the wallet\'s data finished successfully (Unix time).\n' +
      '# TYPE wallet_backup_last_success_timestamp_seconds gauge\n' +
      `wallet_backup_last_success_timestamp_seconds{method="embedded"} ${Math.floor(finishedAt.getTime() / 1000)}\n`,
    0o644,
  );
  return file;
}

/** `npm run backup [file]`: a copy of the running server's embedded database. Exit code 1 when none was made. */
export async function takeEmbeddedBackup(target: string | undefined): Promise<number> {
  const config = embeddedConfig();
  const { copy, takenAt } = await fetchCopy(backupSocketPath(config.dataDir));
  const file = path.resolve(target ?? path.join('backups', `wallet-${config.site}-${takenAt.replaceAll(':', '-')}.tar.gz`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeWhole(file, copy, 0o600);
  const metric = recordSuccess(new Date());
  console.log(`backup written: ${file} (${copy.length} bytes, taken at ${takenAt})`);
  console.log(metric ? `backup time recorded for Prometheus in ${metric}` : 'backup time not recorded: set WALLET_BACKUP_TEXTFILE_DIR to node_exporter\'s textfile directory');
  return 0;
}

/** `npm run restore <file>`: puts a copy in place of the embedded database, the server stopped. */
export async function restoreEmbeddedBackup(source: string | undefined): Promise<number> {
  const config = embeddedConfig();
  if (!source) throw new Error('usage: npm run restore <file> (a file npm run backup wrote)');
  if (await socketAnswers(backupSocketPath(config.dataDir))) {
    console.error(`refused: the server is running on ${config.dataDir}; stop it first (the embedded database is one process's)`);
    return 1;
  }
  const databaseDir = path.join(config.dataDir, 'db');
  const replaced = await restoreEmbeddedDatabase(databaseDir, fs.readFileSync(source));
  console.log(`restored ${path.resolve(source)} into ${databaseDir}${replaced ? `; the database as it was is kept in ${replaced}` : ''}`);
  console.log('next: npm run ledger:verify && npm run audit:verify, then start the server');
  return 0;
}
