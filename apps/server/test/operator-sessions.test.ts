import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../src/modules/auth/password.js';
import { type ApiResult, type TestServer, startTestServer } from './harness.js';

const fastHasher = createPasswordHasher({ fast: true });
let passwordChecks = 0;
const countingHasher = {
  hash: fastHasher.hash,
  verify(hash: string, password: string) {
    passwordChecks += 1;
    return fastHasher.verify(hash, password);
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' }, hasher: countingHasher });
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  await server.db
    .insertInto('admin_users')
    .values({ username: 'cashier', password_hash: await fastHasher.hash('cashier-pass-1'), roles: ['finance'] })
    .execute();
});
afterAll(() => server.close());

let addressCounter = 0;
function freshAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

function operatorLogin(username: string, password: string, address = freshAddress()) {
  return server.api('POST', '/api/admin/login', { body: { username, password }, headers: { 'x-forwarded-for': address } });
}
async function tokenOf(username: string, password: string): Promise<string> {
  const answer = await operatorLogin(username, password);
  expect(answer.status).toBe(200);
  return answer.body.token;
}
const countStatus = (answers: ApiResult[], status: number) => answers.filter((answer) => answer.status === status).length;
const settings = (token: string) => server.api('GET', '/api/admin/settings/site', { token });

describe('operator login limits', () => {
  it('checks 5 of 60 parallel wrong passwords for one operator name and refuses the rest', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 60 }, () => operatorLogin('cashier', 'wrong-pass-1', address)));
    expect(countStatus(answers, 401)).toBe(5);
    expect(countStatus(answers, 429)).toBe(55);
    expect(answers.find((answer) => answer.status === 429)?.body).toEqual({ message: 'REQUEST_LIMIT' });
    server.clock.advance(15 * 60_000 + 1000);
    expect((await operatorLogin('cashier', 'cashier-pass-1')).status).toBe(200);
  });

  it('limits failures per address across operator names', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => operatorLogin(`nobody-${index}`, 'wrong-pass-1', address)));
    expect(countStatus(answers, 401)).toBe(20);
    expect(countStatus(answers, 429)).toBe(20);
  });

  it('checks a password for an unknown operator name too, so timing does not tell which names exist', async () => {
    const before = passwordChecks;
    expect(await operatorLogin('no-such-operator', 'whatever-pass')).toMatchObject({ status: 401, body: { message: 'WRONG_CREDENTIAL' } });
    expect(passwordChecks - before).toBe(1);
  });
});

describe('operator sessions', () => {
  it('are revoked by logout', async () => {
    const token = await tokenOf('chief', 'chief-pass-1');
    expect((await settings(token)).status).toBe(200);
    expect(await server.api('POST', '/api/admin/logout', { token })).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect(await settings(token)).toMatchObject({ status: 401, body: { message: 'invalid-token' } });
  });

  it('last 12 hours, not a week', async () => {
    const token = await tokenOf('chief', 'chief-pass-1');
    server.clock.advance(11 * 60 * 60_000);
    expect((await settings(token)).status).toBe(200);
    server.clock.advance(60 * 60_000 + 1000);
    expect(await settings(token)).toMatchObject({ status: 401, body: { message: 'EXPIRED_AUTH_TOKEN' } });
  });

  it('are listed to their operator, who can revoke one', async () => {
    const laptop = await tokenOf('chief', 'chief-pass-1');
    const leaked = await tokenOf('chief', 'chief-pass-1');
    const listed = await server.api('GET', '/api/admin/sessions', { token: laptop, headers: { 'user-agent': 'test-agent' } });
    expect(listed.status).toBe(200);
    const sessions: Array<{ _id: string; current: boolean; createdAt: string; expiresAt: string; ip: string | null }> = listed.body.sessions;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.every((session) => session.ip?.startsWith('203.0.113.'))).toBe(true);

    const leakedId = (await server.api('GET', '/api/admin/sessions', { token: leaked })).body.sessions.find(
      (session: { current: boolean }) => session.current,
    )._id;
    expect(await server.api('DELETE', `/api/admin/sessions/${leakedId}`, { token: laptop })).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect(await settings(leaked)).toMatchObject({ status: 401, body: { message: 'invalid-token' } });
    expect((await settings(laptop)).status).toBe(200);
    expect(await server.api('DELETE', `/api/admin/sessions/${leakedId}`, { token: laptop })).toMatchObject({ status: 404, body: { message: 'NO_DATA' } });
    const after = await server.api('GET', '/api/admin/sessions', { token: laptop });
    expect(after.body.sessions.map((session: { _id: string }) => session._id)).not.toContain(leakedId);
  });

  it('cannot be listed or revoked by another operator', async () => {
    const chief = await tokenOf('chief', 'chief-pass-1');
    const cashier = await tokenOf('cashier', 'cashier-pass-1');
    const chiefSession = (await server.api('GET', '/api/admin/sessions', { token: chief })).body.sessions[0]._id;
    const cashierList = await server.api('GET', '/api/admin/sessions', { token: cashier });
    expect(cashierList.body.sessions.map((session: { _id: string }) => session._id)).not.toContain(chiefSession);
    expect((await server.api('DELETE', `/api/admin/sessions/${chiefSession}`, { token: cashier })).status).toBe(404);
    expect((await settings(chief)).status).toBe(200);
    expect((await server.api('DELETE', '/api/admin/sessions/not-a-uuid', { token: cashier })).status).toBe(400);
  });
});
