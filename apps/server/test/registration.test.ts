import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, countRows, latestOtp, registerMember, registration, startTestServer, uniquePhone } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function verifiedPhone(phone = uniquePhone()) {
  const sent = await server.api('POST', '/api/otp/send', { body: { phoneNumber: phone } });
  const otpCode = await latestOtp(server, phone);
  await server.api('POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode } });
  return phone;
}

describe('registration', () => {
  it('registers a member through OTP, who can then log in and read their profile', async () => {
    const member = await registerMember(server, { name: 'สมหญิง รักดี', bankCode: 'KBANK', bankAccountName: 'สมหญิง รักดี' });
    expect(member.id).toMatch(/^\d{6,}$/);
    const profile = await server.api('GET', '/api/account/profile', { token: member.token });
    expect(profile.status).toBe(200);
    expect(profile.body.profile).toMatchObject({ name: 'สมหญิง รักดี', _id: member.id, username: member.payload.username });
    expect(profile.body.bankAccount).toMatchObject({
      bankCode: 'KBANK',
      bankAccountNo: member.payload.bankAccountNo,
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLO: 'Kasikornbank' },
    });
  });

  it('refuses to create the account without a verified OTP when registerOTP is on', async () => {
    const before = await countRows(server.db, 'members');
    const result = await server.api('POST', '/api/account', { body: registration() });
    expect(result).toMatchObject({ status: 400, body: { message: 'UNVERIFIED_OTP' } });
    expect(await countRows(server.db, 'members')).toBe(before);
  });

  it('uses a verified OTP once only', async () => {
    const phone = await verifiedPhone();
    expect((await server.api('POST', '/api/account', { body: registration({ username: phone }) })).status).toBe(200);
    const again = await server.api('POST', '/api/account', { body: registration({ username: phone }) });
    expect(again.body.message).toBe('EXISTING_USER');
  });

  it('answers OTP_VERIFIED from otp/send when the phone is already verified, so the step is skipped', async () => {
    const phone = await verifiedPhone();
    const again = await server.api('POST', '/api/otp/send', { body: { phoneNumber: phone } });
    expect(again).toMatchObject({ status: 200, body: { code: 'OTP_VERIFIED' } });
  });

  it('accepts an invite code PR<id> of an existing member and refuses an unknown one', async () => {
    const inviter = await registerMember(server);
    const ok = await server.api('POST', '/api/account/validate', {
      body: { username: uniquePhone(), inviteCode: `PR${inviter.id}` },
    });
    expect(ok).toMatchObject({ status: 200, body: { message: 'OK' } });
    const bad = await server.api('POST', '/api/account/validate', { body: { username: uniquePhone(), inviteCode: 'PR999999999' } });
    expect(bad).toMatchObject({ status: 400, body: { message: 'INVALID_USER_INFO' } });
  });
});

describe('registration validation (POST /api/account/validate and /api/account)', () => {
  const cases: Array<[string, Record<string, unknown>, number, string]> = [
    ['a 9-digit phone', { username: '081234567' }, 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
    ['a non-numeric phone', { username: '08123456ab' }, 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
    ['a registered phone', { username: '0812345678' }, 409, 'EXISTING_USER'],
    ['an unknown bank', { bankCode: 'NOPE' }, 400, 'INVALID_BANK'],
    ['a Lao bank in the Thai build', { bankCode: 'BCEL' }, 400, 'INVALID_BANK'],
    ['a used bank account', { bankCode: 'KBANK', bankAccountNo: '1234567890' }, 409, 'EXISTING_BANK'],
    ['a Thai name for KTB', { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
    ['a Thai name for TMB', { bankCode: 'TMB', bankAccountName: 'สมชาย ใจดี' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
    ['a Thai name for BBL', { bankCode: 'BBL', bankAccountName: 'สมชาย ใจดี' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
    ['a 7-character password', { password: 'short77' }, 400, 'PASSWORD_LENGTH'],
    ['a missing name', { name: undefined }, 400, 'KEY_MISSING'],
    ['a blank name', { name: '   ' }, 400, 'KEY_MISSING'],
    ['a missing phone', { username: undefined }, 400, 'KEY_MISSING'],
    ['a numeric phone value', { username: 812345678 }, 400, 'KEY_INVALID'],
    ['a 10 kB name', { name: 'ก'.repeat(10_000) }, 400, 'KEY_INVALID'],
    ['SQL in the name', { name: "x'); DROP TABLE members; --" }, 400, 'KEY_INVALID'],
    ['HTML in the name', { name: '<img src=x onerror=alert(1)>' }, 400, 'KEY_INVALID'],
    ['HTML in the account name', { bankAccountName: '<script>alert(1)</script>' }, 400, 'KEY_INVALID'],
    ['letters in the account number', { bankAccountNo: '12345abcde' }, 400, 'KEY_INVALID'],
    ['an unknown source', { sourceCode: 'TIKTOKX' }, 400, 'KEY_INVALID'],
    ['a currency in the Thai build', { currency: 'LAK' }, 400, 'KEY_INVALID'],
  ];

  // validate runs per step, so a field left out is only missing when the account is created.
  const onlyOnCreate = new Set(['a missing name']);

  it.each(cases)('refuses %s', async (label, change, status, message) => {
    const before = await countRows(server.db, 'members');
    const body = { ...registration(), ...change };
    const paths = onlyOnCreate.has(label) ? ['/api/account'] : ['/api/account/validate', '/api/account'];
    for (const path of paths) {
      const result = await server.api('POST', path, { body });
      expect(result, path).toMatchObject({ status, body: { message } });
    }
    expect(await countRows(server.db, 'members')).toBe(before);
  });

  it('refuses a body that is not JSON, and no body at all', async () => {
    expect(await server.api('POST', '/api/account', { raw: '{"name":' })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('POST', '/api/account', { raw: '' })).toMatchObject({ status: 400 });
    const noBody = await fetch(`${server.url}/api/account`, { method: 'POST' });
    expect(noBody.status).toBe(400);
    expect(await noBody.json()).toEqual({ message: 'KEY_MISSING' });
  });

  it('accepts English names for KTB, upper-casing the stored account name', async () => {
    const member = await registerMember(server, { bankCode: 'KTB', bankAccountName: 'Somchai Jaidee' });
    const profile = await server.api('GET', '/api/account/profile', { token: member.token });
    expect(profile.body.bankAccount.bankAccountName).toBe('SOMCHAI JAIDEE');
  });

  it('lets only one of two racing registrations of the same bank account through', async () => {
    const bankAccountNo = '5550001112';
    const [a, b] = await Promise.all([verifiedPhone(), verifiedPhone()]);
    const results = await Promise.all(
      [a, b].map((username) => server.api('POST', '/api/account', { body: registration({ username, bankAccountNo }) })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)?.body.message).toBe('EXISTING_BANK');
  });
});
