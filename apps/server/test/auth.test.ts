import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, registerMember, startTestServer, uniquePhone } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const login = (username: string, password: string, headers?: Record<string, string>) =>
  server.api('POST', '/api/login', { body: { username, password }, ...(headers ? { headers } : {}) });
const profile = (token?: string) => server.api('GET', '/api/account/profile', token ? { token } : {});

describe('login', () => {
  it('gives the demo member a token that opens member calls', async () => {
    const result = await login('0812345678', 'demo1234');
    expect(result.status).toBe(200);
    expect((await profile(result.body.token)).status).toBe(200);
  });

  it('answers WRONG_CREDENTIAL alike for an unknown phone and a wrong password', async () => {
    expect(await login(uniquePhone(), 'whatever-pass')).toMatchObject({ status: 401, body: { message: 'WRONG_CREDENTIAL' } });
    expect(await login('0812345678', 'wrong-pass')).toMatchObject({ status: 401, body: { message: 'WRONG_CREDENTIAL' } });
  });

  it('needs both username and password', async () => {
    expect(await server.api('POST', '/api/login', { body: { username: '0812345678' } })).toMatchObject({
      status: 400,
      body: { message: 'KEY_MISSING' },
    });
  });

  it('limits failed attempts per phone to 5 in 15 minutes, even with the right password after', async () => {
    const member = await registerMember(server);
    const phone = member.payload.username;
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(phone, 'wrong-pass')).status).toBe(401);
    expect(await login(phone, member.payload.password)).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT' } });
    server.clock.advance(15 * 60_000 + 1000);
    expect((await login(phone, member.payload.password)).status).toBe(200);
  });

  it('does not count successful logins, so many members behind one address can log in', async () => {
    const member = await registerMember(server);
    for (let attempt = 0; attempt < 60; attempt += 1) {
      expect((await login(member.payload.username, member.payload.password)).status).toBe(200);
    }
  });

  it('limits failed attempts per address to 50 in 15 minutes', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const address = await startTestServer({ env: { TRUST_PROXY: '1' } });
    try {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        expect((await address.api('POST', '/api/login', { body: { username: uniquePhone(), password: 'x-wrong-1' }, headers })).status).toBe(401);
      }
      const blocked = await address.api('POST', '/api/login', { body: { username: '0812345678', password: 'demo1234' }, headers });
      expect(blocked).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT' } });
      const otherAddress = await address.api('POST', '/api/login', {
        body: { username: '0812345678', password: 'demo1234' },
        headers: { 'x-forwarded-for': '203.0.113.10' },
      });
      expect(otherAddress.status).toBe(200);
    } finally {
      await address.close();
    }
  });

  it('refuses a blocked member with INACTIVE_USER, at login and on an existing token', async () => {
    const member = await registerMember(server);
    await server.db.updateTable('members').set({ status: 'blocked' }).where('phone', '=', member.payload.username).execute();
    expect(await login(member.payload.username, member.payload.password)).toMatchObject({ status: 403, body: { message: 'INACTIVE_USER' } });
    // Blocked in the database, not through this node: its revocation list learns of it within SESSION_CACHE_MS (2 s).
    const deadline = Date.now() + 5_000;
    while ((await profile(member.token)).status === 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await profile(member.token)).toMatchObject({ status: 403, body: { message: 'INACTIVE_USER' } });
  });
});

describe('tokens and sessions', () => {
  it('answers UNAUTHORIZED without a token and invalid-token for a forged one', async () => {
    expect(await profile()).toMatchObject({ status: 401, body: { message: 'UNAUTHORIZED' } });
    expect(await profile('garbage')).toMatchObject({ status: 401, body: { message: 'invalid-token' } });
    const forged = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('100001')
      .setAudience('member')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    expect(await profile(forged)).toMatchObject({ status: 401, body: { message: 'invalid-token' } });
  });

  it('revokes the token on logout', async () => {
    const { token } = await registerMember(server);
    expect((await server.api('POST', '/api/logout', { token })).status).toBe(200);
    expect(await profile(token)).toMatchObject({ status: 401, body: { message: 'invalid-token' } });
  });

  it('expires tokens after 7 days', async () => {
    const { token } = await registerMember(server);
    server.clock.advance(7 * 24 * 60 * 60_000 + 60_000);
    expect(await profile(token)).toMatchObject({ status: 401, body: { message: 'EXPIRED_AUTH_TOKEN' } });
  });

  it('does not accept an operator token on member calls', async () => {
    const operator = await server.app.adminService.ensureFirstOperator({ username: 'boss', password: 'boss-pass-1' });
    expect(operator).toBeDefined();
    const admin = await server.api('POST', '/api/admin/login', { body: { username: 'boss', password: 'boss-pass-1' } });
    expect(await profile(admin.body.token)).toMatchObject({ status: 401, body: { message: 'invalid-token' } });
  });
});
