import { inviteCodeOf } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, registerMember, startTestServer, uniqueAccountNo } from './harness.js';

let server: TestServer;
let chief: string;
let helpdesk: string;
let marketer: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = await operatorToken('chief');
  for (const [username, roles] of [['helpdesk', ['support']], ['marketer', ['marketing']]] as const) {
    await server.api('POST', '/api/admin/operators', { token: chief, body: { username, password: `${username}-pass-1`, roles } });
  }
  helpdesk = await operatorToken('helpdesk');
  marketer = await operatorToken('marketer');
});
afterAll(() => server.close());

async function operatorToken(username: string): Promise<string> {
  const answer = await server.api('POST', '/api/admin/login', { body: { username, password: `${username}-pass-1` } });
  expect(answer.status).toBe(200);
  return answer.body.token;
}
const search = async (q: string) => (await server.api('GET', `/api/admin/members?q=${encodeURIComponent(q)}`, { token: helpdesk })).body.members.map((member: { _id: string }) => member._id);

describe('finding a member', () => {
  it('by phone, member id, name, bank account number or invite code', async () => {
    const member = await registerMember(server, { name: 'Somchai Findme', bankAccountNo: uniqueAccountNo() });
    await fundWallet(server, member.id, 150);
    for (const q of [member.payload.username, member.payload.username.slice(0, 7), member.id, 'findme', member.payload.bankAccountNo, inviteCodeOf(member.id)]) {
      expect(await search(q), q).toContain(member.id);
    }
    expect(await search('0000000000')).not.toContain(member.id);
    const page = (await server.api('GET', `/api/admin/members?q=${member.payload.username}`, { token: helpdesk })).body;
    expect(page.members[0]).toMatchObject({ _id: member.id, phone: member.payload.username, status: 'active', wallet: 150, inviteCode: inviteCodeOf(member.id) });
  });

  it('opens the member page: profile, bank, balances, inviter and invitees, sessions, ledger lines', async () => {
    const inviter = await registerMember(server);
    const member = await registerMember(server, { inviteCode: inviteCodeOf(inviter.id) });
    await fundWallet(server, member.id, 80);
    const detail = (await server.api('GET', `/api/admin/members/${member.id}`, { token: marketer })).body;
    expect(detail).toMatchObject({ _id: member.id, bankCode: 'SCB', inviter: { _id: inviter.id }, invitees: 0, condition: null });
    expect(detail.accounts).toContainEqual({ code: `wallet:${member.id}`, kind: 'member_wallet', providerCode: null, balance: 80 });
    expect(detail.sessions).toHaveLength(1);
    expect((await server.api('GET', `/api/admin/members/${inviter.id}/invitees`, { token: marketer })).body.invitees.map((row: { _id: string }) => row._id)).toEqual([member.id]);
    const ledger = (await server.api('GET', `/api/admin/members/${member.id}/ledger`, { token: chief })).body;
    expect(ledger.lines[0]).toMatchObject({ account: `wallet:${member.id}`, amount: 80 });
    expect((await server.api('GET', '/api/admin/members/999999999', { token: helpdesk })).status).toBe(404);
  });
});

describe('acting on a member', () => {
  it('a blocked member is refused on every call and at login with INACTIVE_USER; unblocking lets them back', async () => {
    const member = await registerMember(server);
    // Signed in and busy: the node has checked this session already, and must not trust that check after the block.
    expect((await server.api('GET', '/api/wallet', { token: member.token })).status).toBe(200);
    expect((await server.api('POST', `/api/admin/members/${member.id}/block`, { token: marketer, body: { reason: 'fraud check' } })).status).toBe(403);
    expect((await server.api('POST', `/api/admin/members/${member.id}/block`, { token: helpdesk, body: { reason: 'fraud check' } })).status).toBe(200);
    expect(await server.api('GET', '/api/wallet', { token: member.token })).toMatchObject({ status: 403, body: { message: 'INACTIVE_USER' } });
    expect(await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 100 } })).toMatchObject({ status: 403, body: { message: 'INACTIVE_USER' } });
    const login = () => server.api('POST', '/api/login', { body: { username: member.payload.username, password: member.payload.password } });
    expect(await login()).toMatchObject({ status: 403, body: { message: 'INACTIVE_USER' } });
    expect((await server.api('POST', `/api/admin/members/${member.id}/block`, { token: helpdesk, body: { reason: 'again' } })).status).toBe(409);
    await server.api('POST', `/api/admin/members/${member.id}/unblock`, { token: helpdesk, body: { reason: 'cleared' } });
    expect((await login()).status).toBe(200);
    expect((await server.api('GET', '/api/wallet', { token: member.token })).status).toBe(200);
    const audit = (await server.api('GET', `/api/admin/audit?text=${member.id}`, { token: chief })).body.entries.map((entry: { action: string }) => entry.action);
    expect(audit).toEqual(expect.arrayContaining(['member.block', 'member.unblock']));
  });

  it('ends every session of the member', async () => {
    const member = await registerMember(server);
    await server.api('POST', `/api/admin/members/${member.id}/sessions/end`, { token: helpdesk, body: { reason: 'lost phone' } });
    expect((await server.api('GET', '/api/wallet', { token: member.token })).status).toBe(401);
  });

  it('a block, an unblock and ended sessions reach another node within its revocation bound', async () => {
    const nodeB = await startTestServer({ env: { SESSION_CACHE_MS: '100' }, sameDatabaseAs: server });
    try {
      const member = await registerMember(server);
      const onB = async () => (await nodeB.api('GET', '/api/wallet', { token: member.token })).status;
      /** The status node B answers once it has had its bound (and a margin for a slow machine) to learn of a change. */
      const settledOnB = async (status: number) => {
        const deadline = Date.now() + 2_000;
        while ((await onB()) !== status && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        return onB();
      };
      expect(await onB()).toBe(200);
      await server.api('POST', `/api/admin/members/${member.id}/block`, { token: helpdesk, body: { reason: 'fraud check' } });
      expect(await settledOnB(403)).toBe(403);
      await server.api('POST', `/api/admin/members/${member.id}/unblock`, { token: helpdesk, body: { reason: 'cleared' } });
      expect(await settledOnB(200)).toBe(200);
      await server.api('POST', `/api/admin/members/${member.id}/sessions/end`, { token: helpdesk, body: { reason: 'lost phone' } });
      expect(await settledOnB(401)).toBe(401);
      // Another member's session is untouched on either node.
      const other = await registerMember(server);
      expect((await nodeB.api('GET', '/api/wallet', { token: other.token })).status).toBe(200);
    } finally {
      await nodeB.close();
    }
  });

  it('changes the registered bank account with a reason, audited before and after; the member sees it', async () => {
    const member = await registerMember(server);
    const accountNo = uniqueAccountNo();
    const change = { bankCode: 'KTB', bankAccountNo: accountNo, bankAccountName: 'สมชาย ใจดี', reason: 'member moved bank (ticket 42)' };
    expect((await server.api('PUT', `/api/admin/members/${member.id}/bank-account`, { token: helpdesk, body: change })).status).toBe(403);
    expect((await server.api('PUT', `/api/admin/members/${member.id}/bank-account`, { token: chief, body: change })).status).toBe(200);
    const profile = (await server.api('GET', '/api/account/profile', { token: member.token })).body;
    expect(profile.bankAccount).toMatchObject({ bankCode: 'KTB', bankAccountNo: accountNo, bankAccountName: 'สมชาย ใจดี' });
    // SPEC §2 Profile: a KTB holder with a name not in English may now fix it to English.
    expect((await server.api('PUT', '/api/account/bankAccountName', { token: member.token, body: { bankCode: 'KTB', bankAccountName: 'Somchai Jaidee' } })).status).toBe(200);
    const [entry] = (await server.api('GET', `/api/admin/audit?action=member.bank-account&text=${accountNo}`, { token: chief })).body.entries;
    expect(entry.detail).toMatchObject({ reason: change.reason, before: { bankCode: 'SCB' }, after: { bankCode: 'KTB', bankAccountNo: accountNo } });
    const other = await registerMember(server);
    expect(await server.api('PUT', `/api/admin/members/${other.id}/bank-account`, { token: chief, body: { ...change, reason: 'same account twice' } })).toMatchObject({ status: 409, body: { message: 'EXISTING_BANK' } });
  });

  it('resets the password with a one-time password sent by SMS; the old one and old sessions stop working', async () => {
    const member = await registerMember(server);
    expect((await server.api('POST', `/api/admin/members/${member.id}/password-reset`, { token: helpdesk, body: { reason: 'forgot password' } })).status).toBe(200);
    const inbox = (await server.api('GET', `/sandbox/sms/messages?phone=${member.payload.username}`)).body.messages;
    const password = /รหัสผ่านใหม่ของคุณคือ (\S+)/.exec(inbox[0].text)?.[1];
    expect(password).toBeDefined();
    expect((await server.api('GET', '/api/wallet', { token: member.token })).status).toBe(401);
    expect((await server.api('POST', '/api/login', { body: { username: member.payload.username, password: member.payload.password } })).status).toBe(401);
    expect((await server.api('POST', '/api/login', { body: { username: member.payload.username, password } })).status).toBe(200);
    const audit = JSON.stringify((await server.api('GET', `/api/admin/audit?action=member.password-reset`, { token: chief })).body);
    expect(audit).not.toContain(password!);
  });
});

describe('a member’s records on the member page', () => {
  it('statement and slips of that member only, for operators', async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    await fundWallet(server, other.id, 5);
    await server.api('POST', `/api/admin/corrections`, { token: chief, body: { memberId: member.id, direction: 'credit', amount: 12, reasonCode: 'GOODWILL', note: 'welcome back' } });
    const [proposal] = (await server.api('GET', `/api/admin/corrections?memberId=${member.id}`, { token: chief })).body.corrections;
    await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'second', password: 'second-pass-1', roles: ['finance'] } });
    await server.api('POST', `/api/admin/corrections/${proposal._id}/approve`, { token: await operatorToken('second') });
    const statement = (await server.api('GET', `/api/admin/members/${member.id}/statement`, { token: helpdesk })).body;
    expect(statement).toMatchObject({ total: 1, statements: [{ statementType: 'deposit', from: 'OPERATOR', amount: 12 }] });
    expect((await server.api('GET', `/api/admin/members/${member.id}/slips`, { token: helpdesk })).body).toEqual({ total: 0, totalCapped: false, slips: [] });
    expect((await server.api('GET', `/api/admin/members/${member.id}/statement`, { token: member.token })).status).toBe(401);
  });
});

describe('a member’s withdrawals on the member page', () => {
  it('lists that member’s withdrawals, whatever their status, to operators only', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 600);
    await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 150 } });
    const other = await registerMember(server);
    await fundWallet(server, other.id, 600);
    await server.api('POST', '/api/wallet/withdraw', { token: other.token, body: { amount: 200 } });
    const listed = (await server.api('GET', `/api/admin/members/${member.id}/withdrawals`, { token: helpdesk })).body;
    expect(listed).toMatchObject({ total: 1, withdrawals: [{ amount: 150, status: 'in_progress', username: member.payload.username }] });
    expect((await server.api('GET', `/api/admin/members/${member.id}/withdrawals`, { token: marketer })).status).toBe(403);
  });
});
