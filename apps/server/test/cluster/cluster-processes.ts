import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';

const SERVER_ENTRY = new URL('../../src/main.ts', import.meta.url).pathname;
const PROVIDER_ENTRY = new URL('../../src/sandbox/provider-main.ts', import.meta.url).pathname;
export const HAPROXY_CONFIG = new URL('../../../../deploy/haproxy.cfg', import.meta.url).pathname;

export interface Child {
  name: string;
  url: string;
  process: ChildProcess;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process that serves `url`, started and polled until `path` answers 200. */
async function spawnUntilReady(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, url: string, path: string): Promise<Child> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (await fetch(`${url}${path}`).then((response) => response.ok, () => false)) return { name, url, process: child };
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become ready`);
}

/** The real server as a node, niced like the rest of the test. */
export function startNode(name: string, port: number, env: Record<string, string>): Promise<Child> {
  return spawnUntilReady(
    name,
    'nice',
    ['-n', '10', process.execPath, '--import', 'tsx', SERVER_ENTRY],
    { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    `http://127.0.0.1:${port}`,
    '/readyz',
  );
}

/** The sandbox game provider in a process of its own, as a real provider runs apart from every node. */
export function startProvider(port: number, env: Record<string, string>): Promise<Child> {
  return spawnUntilReady(
    'provider',
    'nice',
    ['-n', '10', process.execPath, '--import', 'tsx', PROVIDER_ENTRY],
    { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    `http://127.0.0.1:${port}`,
    '/healthz',
  );
}

/** haproxy with deploy/haproxy.cfg, its addresses from the environment. */
export function startHaproxy(haproxy: string, ports: { listen: number; stats: number; nodes: number[] }, stats: { user: string; password: string }): Promise<Child> {
  const env = {
    ...process.env,
    WALLET_LISTEN: `127.0.0.1:${ports.listen}`,
    WALLET_STATS: `127.0.0.1:${ports.stats}`,
    WALLET_STATS_USER: stats.user,
    WALLET_STATS_PASSWORD: stats.password,
    ...Object.fromEntries(ports.nodes.map((port, index) => [`WALLET_NODE${index + 1}`, `127.0.0.1:${port}`])),
  };
  return spawnUntilReady('haproxy', haproxy, ['-db', '-f', HAPROXY_CONFIG], env, `http://127.0.0.1:${ports.listen}`, '/readyz');
}

/** Waits for `child` to end after `signal`. */
export function stopChild(child: Child | undefined, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return resolve();
    child.process.once('exit', () => resolve());
    child.process.kill(signal);
  });
}

/** A database of its own on the server DATABASE_URL names, and the way to drop it. */
export async function freshDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
