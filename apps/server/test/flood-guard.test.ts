import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type ApiResult, type TestServer, registerMember, startTestServer } from './harness.js';
import { redisRelay } from './redis-relay.js';

/** The flood guard with small limits, so that a burst of a few dozen requests reaches them. */
const smallLimits = { FLOOD_LIMIT_ADDRESS_PER_MINUTE: '30', FLOOD_LIMIT_MEMBER_PER_MINUTE: '20' };

const burst = (size: number, request: (index: number) => Promise<ApiResult>) =>
  Promise.all(Array.from({ length: size }, (_, index) => request(index)));
const countStatus = (answers: ApiResult[], status: number) => answers.filter((answer) => answer.status === status).length;
const active = (target: TestServer, headers: Record<string, string> = {}, token?: string) =>
  target.api('GET', '/api/lookup/active', { headers, ...(token ? { token } : {}) });

describe('flood guard keys', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ env: smallLimits });
  });
  afterEach(() => server.close());

  it('counts requests with made-up bearer tokens against their address', async () => {
    const answers = await burst(40, () => active(server, {}, crypto.randomBytes(12).toString('base64url')));
    expect(countStatus(answers, 200)).toBe(30);
    expect(countStatus(answers, 429)).toBe(10);
    expect(answers.find((answer) => answer.status === 429)?.body).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('counts a verified member on their own, apart from the address and other members', async () => {
    const first = await registerMember(server);
    const second = await registerMember(server);
    const answers = await burst(25, () => active(server, {}, first.token));
    expect(countStatus(answers, 200)).toBe(20);
    expect(countStatus(answers, 429)).toBe(5);
    expect((await active(server, {}, second.token)).status).toBe(200);
    expect((await active(server)).status).toBe(200);
  });
});

describe('flood guard while Redis is out', () => {
  it('counts on each node alone when Redis cannot be reached: the limit still holds', async () => {
    const server = await startTestServer({ env: { ...smallLimits, REDIS_URL: 'redis://127.0.0.1:6390', REDIS_KEY_PREFIX: 'flood-unreachable:' } });
    try {
      const answers = await burst(40, () => active(server));
      expect(countStatus(answers, 200)).toBe(30);
      expect(countStatus(answers, 429)).toBe(10);
    } finally {
      await server.close();
    }
  });

  it('falls back to each node’s own count when Redis dies mid-run, and counts together again once it is back', async () => {
    const relay = await redisRelay();
    const run = `${Date.now()}-${process.pid}`;
    const env = {
      FLOOD_LIMIT_ADDRESS_PER_MINUTE: '1000',
      FLOOD_LIMIT_MEMBER_PER_MINUTE: '20',
      REDIS_URL: relay.url,
      REDIS_KEY_PREFIX: `flood-test-${run}:`,
      // Nodes of one deployment share the token secret, so both recognise the member's token.
      JWT_SECRET: `flood-nodes-${run}-0123456789abcdef0123456789`,
    };
    const nodeA = await startTestServer({ env });
    const nodeB = await startTestServer({ env, sameDatabaseAs: nodeA });
    try {
      const [before, during, after] = [await registerMember(nodeA), await registerMember(nodeA), await registerMember(nodeA)];
      const alternate = async (token: string, count: number) => {
        const answers: ApiResult[] = [];
        for (let i = 0; i < count; i += 1) answers.push(await active(i % 2 === 0 ? nodeA : nodeB, {}, token));
        return answers;
      };

      // Redis up: both nodes count one member together.
      expect(countStatus(await alternate(before.token, 24), 429)).toBe(4);

      await relay.cut();
      // Redis down: each node allows the limit once, then refuses.
      expect(countStatus(await burst(25, () => active(nodeA, {}, during.token)), 429)).toBe(5);
      expect(countStatus(await burst(25, () => active(nodeB, {}, during.token)), 429)).toBe(5);

      await relay.restore();
      // Redis back: once both nodes have reconnected, three alternating requests count down as one.
      await vi.waitFor(
        async () => {
          const remaining = [];
          for (const node of [nodeA, nodeB, nodeA]) remaining.push(Number((await active(node, {}, after.token)).headers.get('x-ratelimit-remaining')));
          expect(remaining[2]).toBe(remaining[0]! - 2);
        },
        { timeout: 5_000, interval: 250 },
      );
    } finally {
      await nodeB.close();
      await nodeA.close();
      await relay.cut();
    }
  });
});

describe('flood guard behind a proxy', () => {
  for (const trustProxy of ['true', '1', '127.0.0.1', 'loopback, 10.0.0.0/8']) {
    it(`TRUST_PROXY=${trustProxy}: a rotated X-Forwarded-For does not give fresh addresses`, async () => {
      const server = await startTestServer({ env: { ...smallLimits, TRUST_PROXY: trustProxy } });
      try {
        // What a load balancer forwards: whatever the client claimed, then the address it saw.
        const answers = await burst(40, (index) => active(server, { 'x-forwarded-for': `10.${index}.0.1, 198.51.100.7` }));
        expect(countStatus(answers, 200)).toBe(30);
        expect(countStatus(answers, 429)).toBe(10);
        expect((await active(server, { 'x-forwarded-for': '10.0.0.1, 198.51.100.8' })).status).toBe(200);
      } finally {
        await server.close();
      }
    });
  }

  it('TRUST_PROXY=2 takes the client address two hops back', async () => {
    const server = await startTestServer({ env: { ...smallLimits, TRUST_PROXY: '2' } });
    try {
      const answers = await burst(40, (index) => active(server, { 'x-forwarded-for': `10.${index}.0.1, 198.51.100.7, 10.0.0.2` }));
      expect(countStatus(answers, 429)).toBe(10);
    } finally {
      await server.close();
    }
  });
});

describe('the TRUST_PROXY setting', () => {
  it('reads off, a hop count, or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5 ,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.5', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: '::1, fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
  });

  it('refuses anything else, naming the setting', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });
});
