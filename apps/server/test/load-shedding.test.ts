import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefully } from '../src/http/shutdown.js';
import { type TestServer, startTestServer } from './harness.js';
import { redisRelay } from './redis-relay.js';
import { schemaOfItsOwn, startServer, stop } from './server-process.js';

/**
 * An overloaded node answers API calls 503 BUSY with Retry-After at once, is not ready meanwhile,
 * stays alive, and recovers by itself; a node told to leave drains before it closes.
 */
const SHED_AFTER_MS = 50;
const RETRY_AFTER_SECONDS = 3;

/** Holds the event loop in slices, letting calls in between, until the node sees the lag (or gives up). */
async function overload(server: TestServer, { giveUpAfterMs = 10_000 } = {}): Promise<void> {
  const started = performance.now();
  while (!server.app.isUnderPressure()) {
    if (performance.now() - started > giveUpAfterMs) throw new Error('the node never saw the overload');
    const sliceEnd = performance.now() + 4 * SHED_AFTER_MS;
    while (performance.now() < sliceEnd) {
      // busy: this is the overload
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number, explain: () => unknown = () => ''): Promise<void> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${JSON.stringify(explain())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function shedCount(server: TestServer): Promise<number> {
  const metric = await server.app.metrics.getSingleMetric('wallet_http_requests_shed_total')?.get();
  return (metric?.values ?? []).reduce((sum, { value }) => sum + value, 0);
}

describe('load shedding', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SHED_EVENT_LOOP_DELAY_MS: String(SHED_AFTER_MS), SHED_RETRY_AFTER_SECONDS: String(RETRY_AFTER_SECONDS) } });
  });
  afterAll(() => server?.close());

  it('answers API calls 503 BUSY with Retry-After while overloaded, keeps /healthz, fails /readyz, and recovers by itself', async () => {
    // Starting the node held the loop, and so does the harness reading the API document on its
    // first call: start from a sample taken after both that found the node settled.
    await server.api('GET', '/healthz');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await until(async () => !server.app.isUnderPressure(), 10_000, () => server.app.memoryUsage());
    expect((await server.api('GET', '/readyz')).status).toBe(200);
    expect((await server.api('GET', '/api/lookup/banks')).status).toBe(200);
    const shedBefore = await shedCount(server);

    await overload(server);
    // The node's view holds until its next sample (each second): these calls all land while it sheds.
    const [banks, login, health, ready] = await Promise.all([
      server.api('GET', '/api/lookup/banks'),
      server.api('POST', '/api/login', { body: { username: '0812345678', password: 'whatever-1' } }),
      server.api('GET', '/healthz'),
      server.api('GET', '/readyz'),
    ]);
    for (const shed of [banks, login]) {
      expect(shed.status).toBe(503);
      expect(shed.body).toEqual({ message: 'BUSY' });
      expect(shed.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(shed.headers.get('cache-control')).toBe('no-store');
    }
    expect(health.status).toBe(200);
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'busy' });
    expect(await shedCount(server)).toBeGreaterThanOrEqual(shedBefore + 2);

    // Nothing restarts it: once the loop is free again, the next samples clear the state.
    await until(async () => (await server.api('GET', '/readyz')).status === 200, 10_000, () => server.app.memoryUsage());
    expect((await server.api('GET', '/api/lookup/banks')).status).toBe(200);
    expect((await server.api('GET', '/healthz')).status).toBe(200);
  });
});

describe('readiness with Redis', () => {
  it('answers /readyz 503 while the configured Redis does not answer, and 200 again once it is back', async () => {
    const relay = await redisRelay();
    const server = await startTestServer({ env: { REDIS_URL: relay.url, REDIS_KEY_PREFIX: `ready-${crypto.randomBytes(4).toString('hex')}:` } });
    const readiness = async () => (await server.api('GET', '/readyz')).status;
    let closed = false;
    try {
      await until(async () => (await readiness()) === 200, 5_000);
      await relay.cut();
      await until(async () => (await readiness()) === 503, 5_000);
      expect((await server.api('GET', '/readyz')).body).toEqual({ status: 'unavailable' });
      expect((await server.api('GET', '/healthz')).status).toBe(200);
      await relay.restore();
      await until(async () => (await readiness()) === 200, 10_000);
      // A node that closes right after Redis came back leaves no connection behind (the chat
      // adapter's blocking reader included), so none retries and fails later, unhandled.
      closed = true;
      await server.close();
      await until(async () => relay.clients() === 0, 1_000, () => relay.clients());
    } finally {
      if (!closed) await server.close();
      await relay.cut();
    }
  });
});

describe('draining', () => {
  it('answers /readyz 503 while draining, still serving every other route', async () => {
    const server = await startTestServer();
    try {
      expect((await server.api('GET', '/readyz')).status).toBe(200);
      server.app.readiness.drain();
      const ready = await server.api('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'draining' });
      expect((await server.api('GET', '/api/lookup/banks')).status).toBe(200);
      expect((await server.api('GET', '/healthz')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('cuts chat connections when it closes, as a lost connection (the client reconnects elsewhere), without waiting for them', async () => {
    const server = await startTestServer();
    const socket: Socket = io(server.url, { path: '/socket.io', auth: { guestId: 'x' }, transports: ['websocket'], reconnection: false, autoConnect: false });
    try {
      // A guest id the server made: the handshake accepts it.
      const guest = await server.api('POST', '/api/chat/guest');
      socket.auth = { guestId: guest.body.guestId as string };
      socket.connect();
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const started = performance.now();
      await closeGracefully(server.app, 5_000);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(await dropped).toBe('transport close');
    } finally {
      socket.close();
      await server.close().catch(() => undefined);
    }
  });

  it('on SIGTERM, answers /readyz 503 for DRAIN_SECONDS while serving, then exits', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-drain-'));
    const env: Record<string, string> = { NODE_ENV: 'test', LOG_LEVEL: 'error', FAST_HASH: '1', DATA_DIR: dataDir, RECONCILE_INTERVAL_MS: '0', DRAIN_SECONDS: '3' };
    const databaseUrl = process.env.DATABASE_URL;
    const own = databaseUrl ? await schemaOfItsOwn(databaseUrl, 'drain') : undefined;
    if (own) env.DATABASE_URL = own.url;
    const node = await startServer(env);
    try {
      const exited = new Promise<number | null>((resolve) => node.process.once('exit', resolve));
      const signalled = performance.now();
      node.process.kill('SIGTERM');
      await until(async () => (await fetch(`${node.url}/readyz`)).status === 503, 2_000);
      expect(await (await fetch(`${node.url}/readyz`)).json()).toEqual({ status: 'draining' });
      expect((await fetch(`${node.url}/api/lookup/banks`, { headers: { 'x-client': 'wallet-user' } })).status).toBe(200);
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      expect(await exited).toBe(0);
      expect(performance.now() - signalled).toBeGreaterThanOrEqual(2_900);
    } finally {
      await stop(node, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      await own?.drop();
    }
  });
});
