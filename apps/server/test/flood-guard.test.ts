import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type ApiResult, type TestServer, registerMember, startTestServer } from './harness.js';

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
