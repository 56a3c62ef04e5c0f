import { generate } from 'otplib';
import { OPERATOR_ROLES, type OperatorRole } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let chief: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = await tokenOf('chief', 'chief-pass-1');
});
afterAll(() => server.close());

const login = (username: string, password: string, code?: string) => server.api('POST', '/api/admin/login', { body: { username, password, ...(code ? { code } : {}) } });
async function tokenOf(username: string, password: string, code?: string): Promise<string> {
  const answer = await login(username, password, code);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}
async function createOperator(username: string, roles: OperatorRole[]) {
  const created = await server.api('POST', '/api/admin/operators', { token: chief, body: { username, password: `${username}-pass-1`, roles } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { _id: string; roles: OperatorRole[] };
}
/** A code of the authenticator app, on the server's (test-moved) clock. */
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(server.clock.now().getTime() / 1000) + offsetSeconds });

interface OperatorRoute {
  method: string;
  path: string;
  roles: OperatorRole[];
}
async function operatorRoutes(): Promise<OperatorRoute[]> {
  const { body } = await server.api('GET', '/api/docs/json');
  const found: OperatorRoute[] = [];
  for (const [path, item] of Object.entries(body.paths as Record<string, Record<string, { 'x-roles'?: OperatorRole[] }>>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation['x-roles']) found.push({ method: method.toUpperCase(), path, roles: operation['x-roles'] });
    }
  }
  return found;
}

describe('operator roles', () => {
  it('every operator route states its roles, and refuses a member token, and each role it does not name, with 403', async () => {
    const routes = await operatorRoutes();
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.every((route) => route.path.startsWith('/api/admin/'))).toBe(true);
    const member = await registerMember(server);
    const tokens = Object.fromEntries(
      await Promise.all(OPERATOR_ROLES.map(async (role) => [role, (await createOperator(`only-${role}`, [role]), await tokenOf(`only-${role}`, `only-${role}-pass-1`))] as const)),
    ) as Record<OperatorRole, string>;

    const wrong: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, '1');
      const asMember = await server.api(route.method, path, { token: member.token });
      if (asMember.status !== 401) wrong.push(`${route.method} ${route.path} member ${asMember.status}`);
      for (const role of OPERATOR_ROLES.filter((candidate) => !route.roles.includes(candidate))) {
        const answer = await server.api(route.method, path, { token: tokens[role] });
        if (answer.status !== 403 || answer.body.message !== 'UNAUTHORIZED') wrong.push(`${route.method} ${route.path} ${role} ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an admin creates operators with several roles; a name is taken once; only admins manage operators', async () => {
    const created = await createOperator('desk-1', ['support', 'marketing', 'support']);
    expect(created.roles).toEqual(['support', 'marketing']);
    const again = await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'desk-1', password: 'another-pass-1', roles: ['finance'] } });
    expect(again).toMatchObject({ status: 409, body: { message: 'OPERATOR_EXISTS' } });
    const desk = await tokenOf('desk-1', 'desk-1-pass-1');
    expect((await server.api('GET', '/api/admin/me', { token: desk })).body).toMatchObject({ username: 'desk-1', roles: ['support', 'marketing'], totp: false });
    expect((await server.api('GET', '/api/admin/operators', { token: desk })).status).toBe(403);
    expect((await server.api('PUT', '/api/admin/settings/site', { token: desk, body: { registerOTP: false } })).status).toBe(403);
    const audit = await server.db.selectFrom('audit_log').select(['actor', 'action']).where('action', '=', 'operator.create').execute();
    expect(audit).toContainEqual({ actor: 'chief', action: 'operator.create' });
  });

  it('a disabled operator is signed out at once and cannot sign in; a new password ends old sessions', async () => {
    const { _id } = await createOperator('leaver', ['finance']);
    const token = await tokenOf('leaver', 'leaver-pass-1');
    expect((await server.api('PUT', `/api/admin/operators/${_id}`, { token: chief, body: { disabled: true } })).body.disabled).toBe(true);
    expect((await server.api('GET', '/api/admin/me', { token })).status).toBe(401);
    expect(await login('leaver', 'leaver-pass-1')).toMatchObject({ status: 401, body: { message: 'WRONG_CREDENTIAL' } });

    await server.api('PUT', `/api/admin/operators/${_id}`, { token: chief, body: { disabled: false } });
    const before = await tokenOf('leaver', 'leaver-pass-1');
    await server.api('PUT', `/api/admin/operators/${_id}`, { token: chief, body: { password: 'fresh-pass-22' } });
    expect((await server.api('GET', '/api/admin/me', { token: before })).status).toBe(401);
    await tokenOf('leaver', 'fresh-pass-22');
  });

  it('keeps at least one active admin', async () => {
    const { body: others } = await server.api('GET', '/api/admin/operators', { token: chief });
    for (const other of others.operators.filter((operator: { username: string; roles: string[] }) => operator.username !== 'chief' && operator.roles.includes('admin'))) {
      await server.api('PUT', `/api/admin/operators/${other._id}`, { token: chief, body: { disabled: true } });
    }
    const { body } = await server.api('GET', '/api/admin/me', { token: chief });
    for (const change of [{ roles: ['finance'] }, { disabled: true }]) {
      expect(await server.api('PUT', `/api/admin/operators/${body._id}`, { token: chief, body: change })).toMatchObject({ status: 409, body: { message: 'LAST_ADMIN' } });
    }
    const deputy = await createOperator('deputy', ['admin']);
    expect((await server.api('PUT', `/api/admin/operators/${body._id}`, { token: chief, body: { roles: ['admin', 'finance'] } })).status).toBe(200);
    const deputyToken = await tokenOf('deputy', 'deputy-pass-1');
    expect((await server.api('PUT', `/api/admin/operators/${deputy._id}`, { token: deputyToken, body: { disabled: true } })).status).toBe(200);
  });
});

describe('second factor', () => {
  it('turns on with a code from the app, then asks for one at every sign-in; each code and recovery code works once', async () => {
    const { _id } = await createOperator('cashier', ['finance']);
    const token = await tokenOf('cashier', 'cashier-pass-1');
    const setup = await server.api('POST', '/api/admin/me/totp', { token });
    expect(setup.body.uri).toContain('otpauth://totp/');
    expect(setup.body.qrcode).toContain('<svg');
    const secret: string = setup.body.secret;

    expect(await server.api('POST', '/api/admin/me/totp/enable', { token, body: { code: '000000' } })).toMatchObject({ status: 401, body: { message: 'TOTP_INVALID' } });
    const enabled = await server.api('POST', '/api/admin/me/totp/enable', { token, body: { code: await codeAt(secret) } });
    expect(enabled.status).toBe(200);
    const recoveryCodes: string[] = enabled.body.recoveryCodes;
    expect(new Set(recoveryCodes).size).toBe(10);

    expect(await login('cashier', 'cashier-pass-1')).toMatchObject({ status: 401, body: { message: 'TOTP_REQUIRED' } });
    expect(await login('cashier', 'wrong-pass-1')).toMatchObject({ status: 401, body: { message: 'WRONG_CREDENTIAL' } });
    expect(await login('cashier', 'cashier-pass-1', '123456')).toMatchObject({ status: 401, body: { message: 'TOTP_INVALID' } });
    // The code that turned it on was of this time step: it cannot sign in again.
    expect(await login('cashier', 'cashier-pass-1', await codeAt(secret))).toMatchObject({ status: 401, body: { message: 'TOTP_INVALID' } });
    server.clock.advance(30_000);
    const fresh = await codeAt(secret);
    await tokenOf('cashier', 'cashier-pass-1', fresh);
    expect((await login('cashier', 'cashier-pass-1', fresh)).status).toBe(401);

    await tokenOf('cashier', 'cashier-pass-1', recoveryCodes[0]);
    expect(await login('cashier', 'cashier-pass-1', recoveryCodes[0])).toMatchObject({ status: 401, body: { message: 'TOTP_INVALID' } });

    // A lost phone: an admin clears the factor, and the password alone signs in again.
    await server.api('PUT', `/api/admin/operators/${_id}`, { token: chief, body: { resetSecondFactor: true } });
    server.clock.advance(15 * 60_000); // past the window of the five failures above
    await tokenOf('cashier', 'cashier-pass-1');
  });

  it('counts wrong codes as failed sign-ins, so codes cannot be guessed faster than passwords', async () => {
    await createOperator('guarded', ['support']);
    const token = await tokenOf('guarded', 'guarded-pass-1');
    const { secret } = (await server.api('POST', '/api/admin/me/totp', { token })).body;
    await server.api('POST', '/api/admin/me/totp/enable', { token, body: { code: await codeAt(secret) } });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => login('guarded', 'guarded-pass-1', String(100000 + index))));
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
    server.clock.advance(30_000);
    expect((await login('guarded', 'guarded-pass-1', await codeAt(secret))).status).toBe(429);
  });
});
