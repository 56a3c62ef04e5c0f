import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a port of its own, so a test may
 * stop and restart it (never the shared one). The binaries are the machine's own, the newest version
 * installed; as root, the server runs as the `postgres` user, as PostgreSQL requires.
 */
export interface ScratchPostgres {
  url: string;
  port: number;
  /** The temporary folder: the data folder, the socket and the log are in it. */
  folder: string;
  dataDir: string;
  stop(): void;
  start(): void;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

export interface ScratchOptions {
  /** postgresql.conf settings, written into the data folder before the first start. */
  settings?: Record<string, string>;
}

const asRoot = () => process.getuid?.() === 0;

function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions[0]) throw new Error(`no PostgreSQL server binaries under ${root} (apt-get install postgresql)`);
  return path.join(root, versions[0], 'bin');
}

/** Runs a program as the user the scratch servers run as (postgres when the test is root); its output. */
export function runAsServerUser(program: string, args: string[], options: { cwd: string; env?: Record<string, string> }): string {
  const env = { ...process.env, ...options.env };
  if (!asRoot()) return execFileSync(program, args, { stdio: 'pipe', cwd: options.cwd, env, encoding: 'utf8' });
  const passed = Object.entries(options.env ?? {}).map(([name, value]) => `${name}=${value}`);
  return execFileSync('runuser', ['-u', 'postgres', '--', 'env', ...passed, program, ...args], { stdio: 'pipe', cwd: options.cwd, env, encoding: 'utf8' });
}

/** Gives the server user a folder of the test's (made by root) to write in. */
export function handToServerUser(folder: string): void {
  if (asRoot()) execFileSync('chown', ['-R', 'postgres:postgres', folder]);
}

function settingLines(settings: Record<string, string>): string {
  return Object.entries(settings)
    .map(([name, value]) => `${name} = '${value.replaceAll("'", "''")}'\n`)
    .join('');
}

/**
 * A server on `dataDir` (made already: by initdb, or restored from a backup) inside `folder`, on a
 * port of its own; started by the caller.
 */
function serverOn(folder: string, dataDir: string): Omit<ScratchPostgres, 'destroy'> {
  const bin = binaries();
  const port = 40_000 + crypto.randomInt(10_000);
  const run = (program: string, args: string[]) => runAsServerUser(path.join(bin, program), args, { cwd: folder });
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    folder,
    dataDir,
    start: () => void run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(folder, `log-${path.basename(dataDir)}`), '-w', '-t', '60', 'start']),
    stop: () => void run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
  };
}

export function startScratchPostgres(scratch: ScratchOptions = {}): ScratchPostgres {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-scratch-pg-'));
  const dataDir = path.join(folder, 'data');
  handToServerUser(folder);
  runAsServerUser(path.join(binaries(), 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync'], { cwd: folder });
  if (scratch.settings) fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), settingLines(scratch.settings));
  return started(serverOn(folder, dataDir), folder);
}

/**
 * A second server on a data folder made inside a scratch server's folder (a restored copy), on a
 * port of its own, with `settings` passed on its command line's configuration file; destroy stops it
 * and removes only its data folder.
 */
export function startScratchPostgresOn(folder: string, dataDir: string, settings: Record<string, string> = {}): ScratchPostgres {
  fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), settingLines(settings));
  return started(serverOn(folder, dataDir), dataDir);
}

/** Starts the server; its destroy stops it and removes `removed` (its whole folder, or only its data). */
function started(server: Omit<ScratchPostgres, 'destroy'>, removed: string): ScratchPostgres {
  server.start();
  return {
    ...server,
    destroy() {
      try {
        server.stop();
      } catch {
        // already stopped
      }
      fs.rmSync(removed, { recursive: true, force: true });
    },
  };
}
