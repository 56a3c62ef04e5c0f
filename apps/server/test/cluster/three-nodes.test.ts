import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, freshDatabase, startHaproxy, startNode, startProvider, stopChild } from './cluster-processes.js';

/**
 * Three nodes behind haproxy (deploy/haproxy.cfg) on one PostgreSQL and one Redis, driven as members
 * drive them while one node is killed (SIGKILL: no drain, no goodbye). What must hold: every
 * acknowledged operation (transfers, deposits, withdrawals, spins) is in the ledger once, retried ones too; the ledger verifies; chat loses no
 * message and doubles none, and its sockets come back on the other nodes; limits count the three nodes as one; a
 * revoked session is refused everywhere; the reconciler finishes what the dead node left open.
 * Run by `npm test` after the PostgreSQL pass (apps/server/vitest.cluster.config.ts).
 */
const BASE_PORT = Number(process.env.CLUSTER_TEST_PORT_BASE ?? 4760);
const PORTS = { listen: BASE_PORT, nodes: [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3], stats: BASE_PORT + 4, provider: BASE_PORT + 5 };
const STATS_LOGIN = { user: 'ops', password: crypto.randomBytes(9).toString('base64url') };
const LB = `http://127.0.0.1:${PORTS.listen}`;
const MEMBER_FLOOD_LIMIT = 150;
const SESSION_CACHE_MS = 2_000;
const SLOW_SLOT = 'PGSLOT';
const PROVIDER_LATENCY_MS = 4_000;
const PASSWORD = 'member-pass-1';
/** Lost to a game before the load: a spin coin for each 100 baht, one spin for each round. */
const LOST_TO_PLAY = 1_200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers
type Body = Record<string, any>;
interface Answer {
  status: number;
  body: Body;
  node: string | null;
}

/** One call; a connection cut or refused answers status 0. */
async function call(base: string, method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: Body = {};
    try {
      parsed = JSON.parse(text) as Body;
    } catch {
      // haproxy's own error pages are HTML: no answer from a node.
    }
    return { status: response.status, body: parsed, node: response.headers.get('x-served-by') };
  } catch {
    return { status: 0, body: {}, node: null };
  }
}

/**
 * An answer no node gave, or one that says "nothing was done, send again": a cut connection,
 * haproxy's own 502/503/504 (HTML, no JSON message), the server's 503 SERVICE_UNAVAILABLE.
 */
const mustRetry = (answer: Answer) => answer.status === 0 || (answer.status >= 500 && !answer.body.message) || answer.body.message === 'SERVICE_UNAVAILABLE';

/** A client that sends a call again, with the same Idempotency-Key, until a node decides it. */
async function untilDecided(send: () => Promise<Answer>, log: { retries: number }): Promise<Answer> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const answer = await send();
    if (!mustRetry(answer)) return answer;
    log.retries += 1;
    await sleep(250);
  }
  throw new Error('no node decided the call in 60 attempts');
}

interface Member {
  id: string;
  phone: string;
  token: string;
  auth: { authorization: string };
}

let databaseUrl = '';
let dropDatabase: (() => Promise<void>) | undefined;
let nodes: Child[] = [];
let provider: Child | undefined;
let haproxy: Child | undefined;
let pool: pg.Pool;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisKeyPrefix = `cluster-test-${crypto.randomBytes(4).toString('hex')}:`;
const folders: string[] = [];

async function signUp(name: string): Promise<Member> {
  const phone = `09${crypto.randomInt(10 ** 7, 10 ** 8)}`;
  const sent = await call(LB, 'POST', '/api/otp/send', { phoneNumber: phone });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  let otpCode: string | undefined;
  for (let attempt = 0; attempt < 40 && !otpCode; attempt += 1) {
    const inbox = await call(LB, 'GET', `/sandbox/sms/messages?phone=${phone}`);
    otpCode = (inbox.body.messages as Array<{ otpCode: string }> | undefined)?.[0]?.otpCode;
    if (!otpCode) await sleep(100);
  }
  expect((await call(LB, 'POST', '/api/otp/verify', { otpToken: sent.body.otpToken, otpCode })).status).toBe(200);
  const created = await call(LB, 'POST', '/api/account', {
    name, username: phone, password: PASSWORD, bankCode: 'SCB',
    bankAccountName: name.toUpperCase(), bankAccountNo: String(crypto.randomInt(10 ** 9, 10 ** 10)),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const token = (await call(LB, 'POST', '/api/login', { username: phone, password: PASSWORD })).body.token as string;
  const { rows } = await pool.query<{ id: string }>('SELECT id::text FROM members WHERE phone = $1', [phone]);
  return { id: rows[0]!.id, phone, token, auth: { authorization: `Bearer ${token}` } };
}

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('the cluster test runs on PostgreSQL: set DATABASE_URL');
  const database = await freshDatabase(serverUrl, 'wallet_cluster_test');
  databaseUrl = database.url;
  dropDatabase = database.drop;
  pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  // The database is dropped WITH (FORCE) at the end, which can reach a client of this pool that is
  // still closing: PostgreSQL's "terminating connection" to it is no failure of the test (queries'
  // own errors still reject their promises).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-cluster-uploads-'));
  folders.push(uploads);
  const shared: Record<string, string> = {
    NODE_ENV: 'test',
    SANDBOXES: 'true',
    LOG_LEVEL: 'fatal',
    FAST_HASH: '1',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    AUDIT_KEY: crypto.randomBytes(32).toString('hex'),
    AUDIT_CHECKPOINT_INTERVAL_MS: '0',
    UPLOAD_DIR: uploads,
    TRUST_PROXY: '127.0.0.1',
    ADMIN_PASSWORD: 'cluster-test-admin',
    PROVIDER_URL: `http://127.0.0.1:${PORTS.provider}/sandbox/provider/api`,
    PROVIDER_TIMEOUT_MS: '10000',
    RECONCILE_INTERVAL_MS: '1000',
    // Older than the slowest provider answer the test makes, so only what no node is waiting on is swept.
    RECONCILE_AFTER_MS: String(PROVIDER_LATENCY_MS + 2_000),
    NOT_FOUND_GRACE_MS: '1500',
    SESSION_CACHE_MS: String(SESSION_CACHE_MS),
    FLOOD_LIMIT_MEMBER_PER_MINUTE: String(MEMBER_FLOOD_LIMIT),
    FLOOD_LIMIT_ADDRESS_PER_MINUTE: '1000000',
    OTP_SENDS_PER_ADDRESS_PER_HOUR: '10000',
  };
  const nodeEnv = (index: number) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wallet-cluster-node${index + 1}-`));
    folders.push(dataDir);
    return { ...shared, DATA_DIR: dataDir };
  };
  // The first applies the migrations and the reference data; the others start together.
  nodes.push(await startNode('node1', PORTS.nodes[0]!, nodeEnv(0)));
  nodes.push(...(await Promise.all([1, 2].map((index) => startNode(`node${index + 1}`, PORTS.nodes[index]!, nodeEnv(index))))));
  provider = await startProvider(PORTS.provider, { ...shared, DATA_DIR: folders[1]! });
  haproxy = await startHaproxy(process.env.HAPROXY_PATH ?? 'haproxy', { listen: PORTS.listen, stats: PORTS.stats, nodes: PORTS.nodes }, STATS_LOGIN);
  // Until haproxy's checks have seen every node.
  const seen = new Set<string>();
  for (let attempt = 0; attempt < 100 && seen.size < 3; attempt += 1) {
    const answer = await call(LB, 'GET', '/readyz');
    if (answer.node) seen.add(answer.node);
  }
  expect([...seen].sort()).toEqual(['node1', 'node2', 'node3']);
}, 150_000);

afterAll(async () => {
  await Promise.all([stopChild(haproxy, 'SIGTERM'), stopChild(provider, 'SIGKILL'), ...nodes.map((node) => stopChild(node, 'SIGKILL'))]);
  nodes = [];
  await pool?.end();
  await dropDatabase?.();
  // The chat stream and the flood counters under this run's prefix.
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${redisKeyPrefix}*`, count: 100 })) if ((keys as string[]).length) await redis.del(...(keys as string[]));
  } finally {
    redis.disconnect();
  }
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}, 60_000);

/** A chat socket as the member app opens one: long-polling first, then the WebSocket upgrade. */
function chatSocket(member: Member, received: Set<string>, events: { connects: number; drops: number }): Promise<Socket> {
  const socket = io(LB, {
    path: '/socket.io',
    auth: { token: member.token },
    // Node's client keeps cookies only when asked: haproxy's affinity cookie, as a browser keeps it.
    withCredentials: true,
    reconnectionDelay: 300,
    reconnectionDelayMax: 1_000,
  });
  let lastSeq = 0;
  const take = (item: { seq?: number; message?: { payload?: string } }) => {
    if (item.message?.payload) received.add(item.message.payload);
    if (item.seq && item.seq > lastSeq) lastSeq = item.seq;
  };
  socket.on('messaging', take);
  socket.on('disconnect', () => {
    events.drops += 1;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chat socket did not connect')), 15_000);
    socket.on('connect', () => {
      events.connects += 1;
      // As the member app does on every (re)connect: join the room, then fetch what was missed.
      void (socket.timeout(5_000).emitWithAck('join', `wallet-chat-${member.id}`) as Promise<{ ok: boolean }>)
        .then((answer) => {
          if (!answer.ok) throw new Error('join refused');
          clearTimeout(timer);
          resolve(socket);
        })
        .catch(() => undefined)
        .then(() => call(LB, 'POST', '/api/chat/history', { afterSeq: lastSeq }, member.auth))
        .then((missed) => {
          for (const item of (missed.body.items as Array<{ seq?: number; message?: { payload?: string } }> | undefined) ?? []) take(item);
        })
        .catch(() => undefined);
    });
  });
}

describe('three nodes behind haproxy', () => {
  it('shows its statistics page only with its password', async () => {
    // A new connection each time: haproxy closes the one it answered 401 on.
    const open = (login?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const headers = login ? { authorization: `Basic ${Buffer.from(login).toString('base64')}` } : undefined;
        http
          .get(`http://127.0.0.1:${PORTS.stats}/`, { agent: false, headers }, (answer) => {
            let body = '';
            answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    expect((await open()).status).toBe(401);
    expect((await open(`${STATS_LOGIN.user}:not-the-password`)).status).toBe(401);
    const shown = await open(`${STATS_LOGIN.user}:${STATS_LOGIN.password}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('node1');
  });

  it('loses nothing and doubles nothing when a node is killed under load', async () => {
    const started = performance.now();
    const members = await Promise.all([0, 1, 2, 3, 4, 5].map((index) => signUp(`Cluster Member ${index}`)));
    for (const member of members) {
      expect((await call(LB, 'POST', '/sandbox/wallet/credit', { phone: member.phone, amount: 5_000 })).status).toBe(200);
      expect((await call(LB, 'GET', '/api/wallet/activate/PG', undefined, member.auth)).status).toBe(200);
      expect((await call(LB, 'GET', `/api/wallet/activate/${SLOW_SLOT}`, undefined, member.auth)).status).toBe(200);
      // Coins to spin with come from play: 1,200 baht lost at PG is 12 coins, one a round.
      const moved = await call(LB, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: LOST_TO_PLAY }, { ...member.auth, 'idempotency-key': `cluster-play-${crypto.randomUUID()}` });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const username = ((await call(LB, 'GET', '/api/wallet', undefined, member.auth)).body.slots as Array<{ code: string; username: string }>).find((slot) => slot.code === 'PG')!.username;
      expect((await call(provider!.url, 'POST', '/sandbox/provider/rounds', { slotCode: 'PG', username, bet: LOST_TO_PLAY, win: 0 })).status).toBe(200);
      expect((await call(LB, 'GET', '/api/wallet/refresh/slot', undefined, member.auth)).status).toBe(200);
      expect((await call(LB, 'GET', '/api/wallet', undefined, member.auth)).body.profile.coin).toBe(LOST_TO_PLAY / 100);
    }
    const retries = { retries: 0 };

    // Chat: every member's socket through haproxy, spread over the three nodes.
    const received = members.map(() => new Set<string>());
    const socketEvents = members.map(() => ({ connects: 0, drops: 0 }));
    const sockets = await Promise.all(members.map((member, index) => chatSocket(member, received[index]!, socketEvents[index]!)));

    // The victim holds a transfer in flight: the provider answers the slow slot after 4 s.
    const victim = nodes[1]!;
    expect((await call(provider!.url, 'PUT', '/sandbox/provider/faults', { latencyMs: PROVIDER_LATENCY_MS, slotCode: SLOW_SLOT })).status).toBe(200);
    const inFlightKey = `cluster-inflight-${crypto.randomUUID()}`;
    const inFlightMember = members[0]!;
    const inFlight = call(victim.url, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: SLOW_SLOT, amount: 300 }, { ...inFlightMember.auth, 'idempotency-key': inFlightKey });

    const acknowledged = {
      transfers: [] as Array<{ member: Member; key: string; direction: 'in' | 'out'; amount: number }>,
      deposits: [] as Array<{ member: Member; qrcodeId: string; amount: number }>,
      withdrawals: [] as Array<{ member: Member; key: string; amount: number }>,
      spins: [] as Array<{ member: Member; key: string }>,
      messages: members.map(() => [] as string[]),
    };
    const pendingTransfers: Array<{ member: Member; key: string; body: object; direction: 'in' | 'out'; amount: number }> = [];
    const refusedTransfers: string[] = [];
    let killed = false;
    const killAt = performance.now() + 2_500;

    async function transfer(member: Member, from: string, to: string, amount: number) {
      const key = `cluster-${crypto.randomUUID()}`;
      const body = { from, to, amount };
      const answer = await untilDecided(() => call(LB, 'POST', '/api/wallet/transfer', body, { ...member.auth, 'idempotency-key': key }), retries);
      const direction = from === 'WALLET' ? 'in' : 'out';
      if (answer.status === 200) acknowledged.transfers.push({ member, key, direction, amount });
      else if (answer.status === 202) pendingTransfers.push({ member, key, body, direction, amount });
      // Refused by the provider, the money back where it was: decided, and moved nothing.
      else if (answer.status === 502 && answer.body.message === 'TRANSFER_FAIL') refusedTransfers.push(key);
      else throw new Error(`transfer answered ${answer.status} ${JSON.stringify(answer.body)}`);
    }

    async function deposit(member: Member, amount: number) {
      const created = await untilDecided(() => call(LB, 'POST', '/api/qrcode/KBANK', { amount }, member.auth), retries);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const qrcodeId = created.body.qrcodeId as string;
      // The member's banking app pays; the gateway's webhook reaches whichever node haproxy picks.
      for (let attempt = 0; ; attempt += 1) {
        const paid = await untilDecided(() => call(LB, 'POST', '/sandbox/gateway/pay', { qrcodeId }), retries);
        if (paid.body.webhookStatus === 200) break;
        if (attempt > 20) throw new Error(`gateway could not deliver: ${JSON.stringify(paid.body)}`);
        retries.retries += 1;
        await sleep(250);
      }
      acknowledged.deposits.push({ member, qrcodeId, amount });
    }

    async function withdraw(member: Member, amount: number) {
      const key = `cluster-${crypto.randomUUID()}`;
      const answer = await untilDecided(() => call(LB, 'POST', '/api/wallet/withdraw', { amount }, { ...member.auth, 'idempotency-key': key }), retries);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      acknowledged.withdrawals.push({ member, key, amount });
    }

    async function spin(member: Member) {
      const key = `cluster-${crypto.randomUUID()}`;
      const answer = await untilDecided(() => call(LB, 'POST', '/api/spinwheel/spin', undefined, { ...member.auth, 'idempotency-key': key }), retries);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      acknowledged.spins.push({ member, key });
    }

    async function chat(index: number, round: number) {
      const payload = `m${index}-r${round}-${crypto.randomBytes(3).toString('hex')}`;
      // The member app's client id: a send repeated after a cut answer is the same message.
      const clientId = crypto.randomUUID().replaceAll('-', '');
      const answer = await untilDecided(() => call(LB, 'POST', '/api/chat/send-message', { message: { message_type: 'text', payload }, clientId }, members[index]!.auth), retries);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      acknowledged.messages[index]!.push(payload);
    }

    const work = members.map(async (member, index) => {
      for (let round = 0; round < 12 && (round < 3 || !killed || performance.now() < killAt + 5_000); round += 1) {
        await transfer(member, 'WALLET', 'PG', 100);
        await chat(index, round);
        await deposit(member, 200);
        await transfer(member, 'PG', 'WALLET', 50);
        await withdraw(member, 100);
        await spin(member);
      }
    });
    const kill = (async () => {
      await sleep(Math.max(0, killAt - performance.now()));
      victim.process.kill('SIGKILL');
      killed = true;
    })();
    await Promise.all([...work, kill]);
    const cutAnswer = await inFlight;
    // The victim died holding the call: its client heard nothing.
    expect(cutAnswer.status).toBe(0);
    console.info(`cluster: load done ${((performance.now() - started) / 1000).toFixed(1)} s in; ${retries.retries} retries`);

    // The client of the cut call sends it again through haproxy, same key, until it is decided:
    // a live node answers 202 while the transfer is pending, and the reconciler settles it.
    const reconcileStarted = performance.now();
    let settled: Answer | undefined;
    for (let attempt = 0; attempt < 80; attempt += 1) {
      const answer = await call(LB, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: SLOW_SLOT, amount: 300 }, { ...inFlightMember.auth, 'idempotency-key': inFlightKey });
      if (answer.status === 200) {
        settled = answer;
        break;
      }
      expect([0, 202, 502, 503, 504]).toContain(answer.status);
      await sleep(250);
    }
    expect(settled?.body.message).toBe('SUCCESS');
    console.info(`cluster: the dead node's transfer settled by the reconciler ${((performance.now() - reconcileStarted) / 1000).toFixed(1)} s after the load`);
    acknowledged.transfers.push({ member: inFlightMember, key: inFlightKey, direction: 'in', amount: 300 });
    for (const pending of pendingTransfers) {
      for (let attempt = 0; ; attempt += 1) {
        const answer = await call(LB, 'POST', '/api/wallet/transfer', pending.body, { ...pending.member.auth, 'idempotency-key': pending.key });
        if (answer.status === 200) break;
        if (attempt > 80) throw new Error(`transfer ${pending.key} still ${answer.status}`);
        await sleep(250);
      }
      acknowledged.transfers.push(pending);
    }
    await call(provider!.url, 'PUT', '/sandbox/provider/faults', {});

    // Every acknowledged operation once in the ledger, retried or not.
    for (const each of acknowledged.transfers) {
      const { rows } = await pool.query<{ id: string; status: string }>('SELECT id, status FROM provider_transfers WHERE idempotency_key = $1', [each.key]);
      expect(rows.map((row) => row.status), each.key).toEqual(['posted']);
      const postings = await pool.query<{ kind: string }>('SELECT kind FROM ledger_transfers WHERE reference = $1 ORDER BY id', [rows[0]!.id]);
      expect(postings.rows.map((row) => row.kind), each.key).toEqual(['provider_hold', 'provider_post']);
    }
    for (const key of refusedTransfers) {
      const { rows } = await pool.query<{ id: string; status: string; failure_reason: string | null }>('SELECT id, status, failure_reason FROM provider_transfers WHERE idempotency_key = $1', [key]);
      expect(rows.map((row) => row.status), key).toEqual(['voided']);
      console.info(`cluster: transfer ${key} refused by the provider: ${rows[0]!.failure_reason}`);
      const postings = await pool.query<{ kind: string }>('SELECT kind FROM ledger_transfers WHERE reference = $1 ORDER BY id', [rows[0]!.id]);
      expect(postings.rows.map((row) => row.kind), key).toEqual(['provider_hold', 'provider_void']);
    }
    for (const each of acknowledged.deposits) {
      const { rows } = await pool.query<{ id: string; amount: string }>(
        "SELECT d.id, d.amount FROM deposits d JOIN deposit_qrcodes q ON d.external_ref = 'gateway:' || q.gateway_ref WHERE q.id = $1",
        [each.qrcodeId],
      );
      expect(rows.map((row) => Number(row.amount)), each.qrcodeId).toEqual([each.amount * 100]);
      const postings = await pool.query<{ kind: string }>('SELECT kind FROM ledger_transfers WHERE reference = $1', [rows[0]!.id]);
      expect(postings.rows.map((row) => row.kind), each.qrcodeId).toEqual(['deposit']);
    }
    for (const each of acknowledged.withdrawals) {
      const { rows } = await pool.query<{ id: string }>('SELECT id FROM withdrawals WHERE idempotency_key = $1', [each.key]);
      expect(rows, each.key).toHaveLength(1);
      const postings = await pool.query<{ kind: string }>("SELECT kind FROM ledger_transfers WHERE reference = $1::text AND kind = 'withdrawal'", [rows[0]!.id]);
      expect(postings.rows, each.key).toHaveLength(1);
    }
    for (const each of acknowledged.spins) {
      const { rows } = await pool.query<{ coin_transfer_id: string }>('SELECT coin_transfer_id FROM spins WHERE idempotency_key = $1', [each.key]);
      expect(rows, each.key).toHaveLength(1);
      const coins = await pool.query<{ kind: string; amount: string }>('SELECT kind, amount FROM ledger_transfers WHERE id = $1', [rows[0]!.coin_transfer_id]);
      expect(coins.rows, each.key).toEqual([{ kind: 'spin_coins', amount: '1' }]);
    }
    // Nothing else moved: no transfer, deposit, withdrawal or spin the clients were not told of.
    const counts = await pool.query<{ transfers: string; deposits: string; withdrawals: string; spins: string }>(
      `SELECT (SELECT count(*) FROM provider_transfers WHERE member_id = ANY($1::bigint[])) AS transfers,
              (SELECT count(*) FROM deposits WHERE member_id = ANY($1::bigint[])) AS deposits,
              (SELECT count(*) FROM withdrawals WHERE member_id = ANY($1::bigint[])) AS withdrawals,
              (SELECT count(*) FROM spins WHERE member_id = ANY($1::bigint[])) AS spins`,
      [members.map((member) => member.id)],
    );
    expect(counts.rows[0]).toEqual({
      // The play that earned the coins is one transfer per member.
      transfers: String(acknowledged.transfers.length + refusedTransfers.length + members.length),
      deposits: String(acknowledged.deposits.length),
      withdrawals: String(acknowledged.withdrawals.length),
      spins: String(acknowledged.spins.length),
    });
    // Each member's money: what was credited, deposited and withdrawn, wherever it sits now.
    for (const member of members) {
      const view = (await untilDecided(() => call(LB, 'GET', '/api/wallet', undefined, member.auth), retries)).body;
      const inGames = (view.slots as Array<{ code: string; amount: number }>).filter((slot) => ['PG', SLOW_SLOT].includes(slot.code)).reduce((sum, slot) => sum + slot.amount, 0);
      const deposited = acknowledged.deposits.filter((each) => each.member === member).reduce((sum, each) => sum + each.amount, 0);
      const withdrawn = acknowledged.withdrawals.filter((each) => each.member === member).reduce((sum, each) => sum + each.amount, 0);
      expect(view.wallet.amount + inGames, member.phone).toBe(5_000 - LOST_TO_PLAY + deposited - withdrawn);
      const spun = acknowledged.spins.filter((each) => each.member === member).length;
      expect(view.profile.coin, member.phone).toBeGreaterThanOrEqual(LOST_TO_PLAY / 100 - spun);
    }
    const verified = spawnSync(process.execPath, [new URL('../../../../scripts/ledger-verify.mjs', import.meta.url).pathname], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    expect(verified.status, `${verified.stdout}\n${verified.stderr}`).toBe(0);

    // Chat: every acknowledged message reached its member (live, or fetched on reconnecting), and the
    // sockets the dead node held came back on the others.
    await sleep(1_000);
    for (const [index, payloads] of acknowledged.messages.entries()) {
      for (const payload of payloads) expect(received[index]!.has(payload), `member ${index} never saw ${payload}`).toBe(true);
      const { rows } = await pool.query<{ payload: string }>(
        'SELECT m.payload #>> \'{}\' AS payload FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id WHERE c.member_id = $1',
        [members[index]!.id],
      );
      for (const payload of payloads) expect(rows.filter((row) => row.payload === payload), payload).toHaveLength(1);
    }
    const dropped = socketEvents.filter((events) => events.drops > 0).length;
    expect(dropped, 'no socket was on the killed node').toBeGreaterThan(0);
    for (const [index, socket] of sockets.entries()) expect(socket.connected, `socket ${index}`).toBe(true);
    for (const socket of sockets) socket.close();
    console.info(
      `cluster: ${acknowledged.transfers.length} transfers, ${acknowledged.deposits.length} deposits, ${acknowledged.withdrawals.length} withdrawals, ` +
        `${acknowledged.spins.length} spins, ${acknowledged.messages.flat().length} chat messages acknowledged; ${dropped} of ${sockets.length} sockets moved to another node`,
    );
  }, 120_000);

  it('counts a login burst spread over the nodes as one, in the database and in Redis', async () => {
    const member = await signUp('Burst Member');
    // Attempt limits (database): five wrong passwords per phone from an unknown device, whichever node.
    const guesses = await Promise.all(Array.from({ length: 9 }, () => call(LB, 'POST', '/api/login', { username: member.phone, password: 'wrong-password' })));
    expect(guesses.filter((each) => each.body.message === 'WRONG_CREDENTIAL')).toHaveLength(5);
    expect(guesses.filter((each) => each.status === 429)).toHaveLength(4);
    expect(new Set(guesses.map((each) => each.node)).size).toBeGreaterThan(1);

    // Flood limits (Redis): one member's calls per minute, over every node together.
    const flooder = await signUp('Flood Member');
    const burst = await Promise.all(Array.from({ length: MEMBER_FLOOD_LIMIT + 30 }, () => call(LB, 'GET', '/api/wallet', undefined, flooder.auth)));
    expect(new Set(burst.map((each) => each.node)).size).toBeGreaterThan(1);
    // A node that lags sheds a call (503 BUSY) before the flood guard counts it: that call is
    // neither served nor counted, so exactly the limit is served and the rest are refused.
    const statuses = burst.map((each) => each.status);
    expect(statuses.filter((status) => status !== 200 && status !== 429 && status !== 503), statuses.join(',')).toEqual([]);
    const shed = statuses.filter((status) => status === 503).length;
    expect(shed, 'a shed call is answered before any work, and rarely').toBeLessThan(30);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MEMBER_FLOOD_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - shed);
  }, 60_000);

  it('refuses a session logged out on one node on every other within SESSION_CACHE_MS', async () => {
    const member = await signUp('Leaving Member');
    for (let call_ = 0; call_ < 4; call_ += 1) expect((await call(LB, 'GET', '/api/wallet', undefined, member.auth)).status).toBe(200);
    const loggedOut = await call(LB, 'POST', '/api/logout', undefined, member.auth);
    expect(loggedOut.status).toBe(200);
    const since = performance.now();
    const refusedBy = new Set<string>();
    let allRefusedAfter: number | undefined;
    while (performance.now() - since < SESSION_CACHE_MS + 1_000) {
      const round = await Promise.all([0, 1, 2, 3].map(() => call(LB, 'GET', '/api/wallet', undefined, member.auth)));
      for (const answer of round) if (answer.status === 401 && answer.node) refusedBy.add(answer.node);
      if (round.every((answer) => answer.status === 401)) allRefusedAfter ??= performance.now() - since;
      else allRefusedAfter = undefined;
      await sleep(100);
    }
    expect(allRefusedAfter, 'some node still served the logged-out token').toBeDefined();
    expect(allRefusedAfter!).toBeLessThanOrEqual(SESSION_CACHE_MS);
    expect(refusedBy.size).toBeGreaterThan(1);
    console.info(`cluster: a logout was refused on every live node ${allRefusedAfter!.toFixed(0)} ms after it (bound ${SESSION_CACHE_MS} ms)`);
  }, 30_000);
});
