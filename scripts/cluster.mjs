// `npm run cluster`: the product on three nodes behind haproxy (deploy/haproxy.cfg), on this machine,
// against PostgreSQL and Redis: what deploy/README.md describes, small. Ctrl-C stops everything.
//   DATABASE_URL   default postgres://postgres@127.0.0.1:5432/wallet_cluster (the database is created
//                  when missing)
//   REDIS_URL      default redis://127.0.0.1:6379 (keys under REDIS_KEY_PREFIX, default wallet-cluster:)
//   CLUSTER_PORT   haproxy's port, default 4740; the nodes take the next three, the statistics page the
//                  one after (4741–4743, 4744)
//   CLUSTER_STATS_PASSWORD   the statistics page's password (user ops), default a new one each run
// Each node keeps its DATA_DIR under data-cluster/nodeN; the uploads are shared (data-cluster/uploads),
// and JWT_SECRET and AUDIT_KEY are generated once into data-cluster/secrets.json.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { SERVER_BUNDLE, buildChangedApps, buildChangedServer } from './build-apps.mjs';

const root = new URL('..', import.meta.url).pathname;
const haproxy = process.env.HAPROXY_PATH ?? (fs.existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
if (spawnSync(haproxy, ['-v'], { stdio: 'ignore' }).status !== 0) {
  console.error(`haproxy not found (${haproxy}): apt-get install -y haproxy`);
  process.exit(1);
}
const basePort = Number(process.env.CLUSTER_PORT ?? 4740);
const ports = { listen: basePort, nodes: [basePort + 1, basePort + 2, basePort + 3], stats: basePort + 4 };
// The statistics page's login: CLUSTER_STATS_PASSWORD, else one for this run (printed with the page's address).
const statsUser = 'ops';
const statsPassword = process.env.CLUSTER_STATS_PASSWORD ?? crypto.randomBytes(9).toString('base64url');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wallet_cluster';
const dataRoot = path.join(root, 'data-cluster');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      console.log(`Created database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

/** Secrets every node shares, made once and kept: another AUDIT_KEY would break the audit chain. */
function sharedSecrets() {
  const file = path.join(dataRoot, 'secrets.json');
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, JSON.stringify({ JWT_SECRET: crypto.randomBytes(32).toString('hex'), AUDIT_KEY: crypto.randomBytes(36).toString('base64') }), { mode: 0o600 });
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const children = [];
let stopping = false;

/** A child whose output lines carry its name. */
function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`[${name}] exited (${signal ?? code}); haproxy sends its traffic to the others`);
  });
  children.push({ name, child });
  return child;
}

async function untilReady(name, url, child) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    await sleep(250);
  }
  throw new Error(`${name} did not become ready`);
}

function stopAll() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping: haproxy, then the nodes (each drains and closes)…');
  const alive = children.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  Promise.all(alive.map(({ child }) => new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  }))).then(() => process.exit(0));
  setTimeout(() => {
    for (const { child } of alive) child.kill('SIGKILL');
    process.exit(1);
  }, 30_000).unref();
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

try {
  buildChangedApps('th');
  await buildChangedServer();
  await ensureDatabase(databaseUrl);
  fs.mkdirSync(path.join(dataRoot, 'uploads'), { recursive: true });
  const shared = {
    ...process.env,
    ...sharedSecrets(),
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX ?? 'wallet-cluster:',
    UPLOAD_DIR: path.join(dataRoot, 'uploads'),
    TRUST_PROXY: '127.0.0.1',
    SANDBOXES: 'true',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const startNode = (index) => {
    const dataDir = path.join(dataRoot, `node${index + 1}`);
    fs.mkdirSync(dataDir, { recursive: true });
    const child = start(`node${index + 1}`, process.execPath, [SERVER_BUNDLE], { ...shared, DATA_DIR: dataDir, PORT: String(ports.nodes[index]) });
    return untilReady(`node${index + 1}`, `http://127.0.0.1:${ports.nodes[index]}/readyz`, child);
  };
  // The first applies the migrations and seeds; the others start together after it.
  await startNode(0);
  await Promise.all([startNode(1), startNode(2)]);
  const balancer = start('haproxy', haproxy, ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
    ...process.env,
    WALLET_LISTEN: `127.0.0.1:${ports.listen}`,
    WALLET_STATS: `127.0.0.1:${ports.stats}`,
    WALLET_STATS_USER: statsUser,
    WALLET_STATS_PASSWORD: statsPassword,
    WALLET_NODE1: `127.0.0.1:${ports.nodes[0]}`,
    WALLET_NODE2: `127.0.0.1:${ports.nodes[1]}`,
    WALLET_NODE3: `127.0.0.1:${ports.nodes[2]}`,
  });
  await untilReady('haproxy', `http://127.0.0.1:${ports.listen}/readyz`, balancer);
  console.log(`\nThe wallet on three nodes: http://127.0.0.1:${ports.listen}/  (console: /admin)`);
  console.log(`haproxy statistics: http://127.0.0.1:${ports.stats}/  (user ${statsUser}, password ${statsPassword})`);
  console.log(`Nodes: ${ports.nodes.map((port) => `http://127.0.0.1:${port}`).join(', ')}. Ctrl-C stops everything.`);
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : error}`);
  stopAll();
}
