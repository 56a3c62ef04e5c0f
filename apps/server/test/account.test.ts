import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, registerMember, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('profile', () => {
  it('shows name, id, creation time, phone and the bank account', async () => {
    const member = await registerMember(server, { name: 'Alice Wong' });
    const result = await server.api('GET', '/api/account/profile', { token: member.token });
    expect(result.body.profile).toEqual({
      name: 'Alice Wong',
      _id: member.id,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      username: member.payload.username,
    });
  });

  it('changes the name but not the bank account', async () => {
    const member = await registerMember(server);
    expect((await server.api('PUT', '/api/account/profile', { token: member.token, body: { name: 'New Name' } })).status).toBe(200);
    const changed = await server.api('GET', '/api/account/profile', { token: member.token });
    expect(changed.body.profile.name).toBe('New Name');
    const sameBank = { name: 'Again', bankCode: member.payload.bankCode, bankAccountNo: member.payload.bankAccountNo };
    expect((await server.api('PUT', '/api/account/profile', { token: member.token, body: sameBank })).status).toBe(200);
    const otherBank = { name: 'Thief', bankCode: 'SCB', bankAccountNo: '9999999999' };
    expect(await server.api('PUT', '/api/account/profile', { token: member.token, body: otherBank })).toMatchObject({
      status: 403,
      body: { message: 'BANK_CHANGE_NOT_ALLOWED' },
    });
    const after = await server.api('GET', '/api/account/profile', { token: member.token });
    expect(after.body.profile.name).toBe('Again');
    expect(after.body.bankAccount.bankAccountNo).toBe(member.payload.bankAccountNo);
  });
});

describe('bank account name', () => {
  it('lets a KTB member with a Thai name (registered before the rule) switch to English only', async () => {
    const member = await registerMember(server, { bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' });
    await server.db.updateTable('members').set({ bank_account_name: 'สมชาย ใจดี' }).where('id', '=', BigInt(member.id)).execute();
    const thai = await server.api('PUT', '/api/account/bankAccountName', {
      token: member.token,
      body: { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' },
    });
    expect(thai).toMatchObject({ status: 400, body: { message: 'BANK_ACCOUNT_NAME_ENG' } });
    const english = await server.api('PUT', '/api/account/bankAccountName', {
      token: member.token,
      body: { bankCode: 'KTB', bankAccountName: 'somchai  jaidee' },
    });
    expect(english.status).toBe(200);
    const profile = await server.api('GET', '/api/account/profile', { token: member.token });
    expect(profile.body.bankAccount.bankAccountName).toBe('SOMCHAI JAIDEE');
  });

  it('refuses other banks and another bank code', async () => {
    const member = await registerMember(server, { bankCode: 'SCB' });
    for (const bankCode of ['SCB', 'KTB']) {
      const result = await server.api('PUT', '/api/account/bankAccountName', {
        token: member.token,
        body: { bankCode, bankAccountName: 'JOHN DOE' },
      });
      expect(result).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    }
  });
});

describe('password change', () => {
  it('needs the old password and a valid new one, then revokes the other sessions only', async () => {
    const member = await registerMember(server);
    const other = await server.api('POST', '/api/login', { body: { username: member.payload.username, password: member.payload.password } });
    // The other device is in use: this node has checked its session and must drop that check.
    expect((await server.api('GET', '/api/account/profile', { token: other.body.token })).status).toBe(200);
    const change = (oldPassword: string, newPassword: string) =>
      server.api('PUT', '/api/account/changepwd', { token: member.token, body: { oldPassword, newPassword } });

    expect(await change('wrong-old-pass', 'brand-new-pass')).toMatchObject({ status: 400, body: { message: 'WRONG_PASSWORD' } });
    expect(await change(member.payload.password, 'short')).toMatchObject({ status: 400, body: { message: 'PASSWORD_LENGTH' } });
    expect((await change(member.payload.password, 'brand-new-pass')).status).toBe(200);

    expect((await server.api('GET', '/api/account/profile', { token: member.token })).status).toBe(200);
    expect(await server.api('GET', '/api/account/profile', { token: other.body.token })).toMatchObject({
      status: 401,
      body: { message: 'invalid-token' },
    });
    const oldLogin = await server.api('POST', '/api/login', { body: { username: member.payload.username, password: member.payload.password } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await server.api('POST', '/api/login', { body: { username: member.payload.username, password: 'brand-new-pass' } });
    expect(newLogin.status).toBe(200);
  });
});
