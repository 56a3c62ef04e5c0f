import crypto from 'node:crypto';
import { inviteCodeOf } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, latestOtp, registration, startTestServer, uniqueAccountNo, uniquePhone } from './harness.js';

type Member = { id: string; token: string; payload: ReturnType<typeof registration> };

let server: TestServer;
let chief: string;
let marketer: string;
beforeAll(async () => {
  // Members register and sign in from addresses the tests choose.
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = await operatorToken('chief');
  await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'marketer', password: 'marketer-pass-1', roles: ['marketing'] } });
  marketer = await operatorToken('marketer');
});
afterAll(() => server.close());

async function operatorToken(username: string): Promise<string> {
  const answer = await server.api('POST', '/api/admin/login', { body: { username, password: `${username}-pass-1` } });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

/** Letters only, different in every test run: no two test members share a holder's name by chance. */
const uniqueName = (label: string) => `${label} ${crypto.randomBytes(6).toString('hex').replace(/\d/g, (digit) => 'GHIJKLMNOP'[Number(digit)]!)}`.toUpperCase();
/** An address no other test of this run signs in from. */
const uniqueAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** Registers through the OTP flow and signs in, from a chosen address and browser. */
async function registerFrom(ip: string, userAgent: string, overrides: Record<string, unknown> = {}): Promise<Member> {
  const headers = { 'x-forwarded-for': ip, 'user-agent': userAgent };
  const payload = registration({ bankAccountName: uniqueName('HOLDER'), ...overrides });
  const sent = await server.api('POST', '/api/otp/send', { body: { phoneNumber: payload.username }, headers });
  const code = await latestOtp(server, payload.username);
  await server.api('POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode: code }, headers });
  const created = await server.api('POST', '/api/account', { body: payload, headers });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const login = await server.api('POST', '/api/login', { body: { username: payload.username, password: payload.password }, headers });
  return { payload, id: created.body._id, token: login.body.token };
}

const linksOf = async (member: Member, token = chief) => {
  const answer = await server.api('GET', `/api/admin/members/${member.id}/links`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { members: { _id: string; phone: string; shares: { kind: string; value: string }[] }[]; more: boolean };
};
const sharesWith = (links: Awaited<ReturnType<typeof linksOf>>, other: Member) => links.members.find((row) => row._id === other.id)?.shares ?? [];
const last4 = (digits: string) => `••••${digits.slice(-4)}`;

describe('linked members', () => {
  let member: Member;
  let inviter: Member;
  let sameDevice: Member;
  let sameAddress: Member;
  let sameAccount: Member;
  let sameHolder: Member;
  let samePhone: Member;
  let unrelated: Member;
  let home: string;
  const browser = `links-browser-${crypto.randomUUID()}`;

  beforeAll(async () => {
    home = uniqueAddress();
    inviter = await registerFrom(uniqueAddress(), 'inviter-browser');
    // The account the member registers with was another member's, who was paid to it before moving bank.
    sameAccount = await registerFrom(uniqueAddress(), 'account-browser');
    const sharedAccountNo = sameAccount.payload.bankAccountNo;
    await fundWallet(server, sameAccount.id, 500);
    const paid = await server.api('POST', '/api/wallet/withdraw', { token: sameAccount.token, body: { amount: 200 }, headers: { 'idempotency-key': `links-${sameAccount.id}` } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const moved = await server.api('PUT', `/api/admin/members/${sameAccount.id}/bank-account`, {
      token: chief,
      body: { bankCode: 'SCB', bankAccountNo: uniqueAccountNo(), bankAccountName: sameAccount.payload.bankAccountName, reason: 'moved bank' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const holderName = uniqueName('SOMSAK');
    member = await registerFrom(home, browser, { inviteCode: inviteCodeOf(inviter.id), bankAccountNo: sharedAccountNo, bankAccountName: holderName });
    sameDevice = await registerFrom(home, browser);
    // Registered elsewhere, then signed in once from the member's address in another browser.
    sameAddress = await registerFrom(uniqueAddress(), 'address-browser');
    await server.api('POST', '/api/login', { body: { username: sameAddress.payload.username, password: sameAddress.payload.password }, headers: { 'x-forwarded-for': home, 'user-agent': 'address-browser' } });
    // The same holder, written with a title and other spacing.
    sameHolder = await registerFrom(uniqueAddress(), 'holder-browser', { bankAccountName: `MR  ${holderName.toLowerCase()}` });
    // Two TrueMoney transfers from one outside phone, credited by an operator to the member and to another.
    samePhone = await registerFrom(uniqueAddress(), 'phone-browser');
    const outsidePhone = uniquePhone();
    for (const who of [member, samePhone]) {
      const sent = await server.api('POST', '/sandbox/truemoney/transfers', { body: { fromMobile: outsidePhone, amount: 150 } });
      expect(sent.body.outcome).toBe('unmatched');
      const assigned = await server.api('POST', `/api/admin/truemoney-transfers/${sent.body.transactionId}/approve`, { token: chief, body: { phone: who.payload.username } });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    }
    unrelated = await registerFrom(uniqueAddress(), 'unrelated-browser');
  });

  it('finds each link with what is shared, masked where it is an account or a phone', async () => {
    const links = await linksOf(member);
    expect(sharesWith(links, inviter)).toEqual([{ kind: 'inviter', value: inviteCodeOf(inviter.id) }]);
    // One browser on one address is a device; the address it implies is not said twice.
    expect(sharesWith(links, sameDevice)).toEqual([{ kind: 'device', value: `${home} · ${browser}` }]);
    expect(sharesWith(links, sameAddress)).toEqual([{ kind: 'address', value: home }]);
    expect(sharesWith(links, sameAccount)).toEqual([{ kind: 'bank_account', value: `SCB ${last4(member.payload.bankAccountNo)}` }]);
    expect(sharesWith(links, sameHolder)).toEqual([{ kind: 'account_holder', value: member.payload.bankAccountName }]);
    const [phoneShare] = sharesWith(links, samePhone);
    expect(phoneShare).toMatchObject({ kind: 'phone', value: expect.stringMatching(/^••••\d{4}$/) });
    expect(JSON.stringify(links)).not.toContain(member.payload.bankAccountNo);
    expect(links.members.map((row) => row._id)).not.toContain(unrelated.id);
    expect(links.members.map((row) => row._id)).not.toContain(member.id);
    expect(links.more).toBe(false);
    // Each linked member is named as the console names members: phone and name.
    expect(links.members.find((row) => row._id === inviter.id)).toMatchObject({ phone: inviter.payload.username, name: inviter.payload.name, status: 'active' });
  });

  it('links both ways, and a member who shares nothing has no links', async () => {
    expect(sharesWith(await linksOf(inviter), member)).toEqual([{ kind: 'invitee', value: inviteCodeOf(inviter.id) }]);
    expect(sharesWith(await linksOf(sameAccount, marketer), member)).toEqual([{ kind: 'bank_account', value: `SCB ${last4(member.payload.bankAccountNo)}` }]);
    expect(await linksOf(unrelated)).toEqual({ members: [], more: false });
  });

  it('is for operators: a member token, no token or an unknown member is refused', async () => {
    expect((await server.api('GET', `/api/admin/members/${member.id}/links`, { token: member.token })).status).toBe(401);
    expect((await server.api('GET', `/api/admin/members/${member.id}/links`)).status).toBe(401);
    expect((await server.api('GET', '/api/admin/members/999999999/links', { token: marketer })).status).toBe(404);
    expect((await server.api('GET', '/api/admin/members/abc/links', { token: marketer })).status).toBe(400);
  });
});
