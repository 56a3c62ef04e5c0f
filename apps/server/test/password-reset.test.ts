import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, registerMember, startTestServer, uniquePhone } from './harness.js';

/** A forgotten password: an SMS code to the registered phone, then a new password (docs/README.md#forgotten-password). */

const NEW_PASSWORD = 'brand-new-pass-9';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const forgot = (server: TestServer, phoneNumber: string, headers?: Record<string, string>) =>
  server.api('POST', '/api/login/forgot-password', { body: { phoneNumber }, ...(headers ? { headers } : {}) });
const reset = (server: TestServer, body: { phoneNumber: string; otpRef: string; otpCode: string; newPassword?: string }, headers?: Record<string, string>) =>
  server.api('POST', '/api/login/reset-password', { body: { newPassword: NEW_PASSWORD, ...body }, ...(headers ? { headers } : {}) });
const login = (server: TestServer, username: string, password: string, headers?: Record<string, string>) =>
  server.api('POST', '/api/login', { body: { username, password }, ...(headers ? { headers } : {}) });

async function inbox(server: TestServer, phone: string): Promise<{ text: string; otpCode: string }[]> {
  return (await server.api('GET', `/sandbox/sms/messages?phone=${phone}`)).body.messages;
}

/** The SMS goes out after the answer: waits for the newest message to carry the reference. */
async function codeFor(server: TestServer, phone: string, otpRef: string): Promise<string> {
  for (let waited = 0; waited < 5_000; waited += 25) {
    const newest = (await inbox(server, phone))[0];
    if (newest?.text.includes(otpRef)) return newest.otpCode;
    await sleep(25);
  }
  throw new Error(`no SMS with ${otpRef} for ${phone}`);
}

/** A code for the phone, sent and read from the sandbox inbox. */
async function sentCode(server: TestServer, phone: string) {
  const sent = await forgot(server, phone);
  expect(sent.status).toBe(200);
  return { otpRef: sent.body.otpRef as string, otpCode: await codeFor(server, phone, sent.body.otpRef) };
}

/** A member, registered through the OTP flow: past the minute registration's own send holds the phone for. */
async function newMember(server: TestServer) {
  const member = await registerMember(server);
  server.clock.advance(61_000);
  return member;
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => (socket.close(), reject(error)));
  });
}

function dropped(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket not dropped')), 5_000);
    socket.once('disconnect', (reason) => (clearTimeout(timer), resolve(reason)));
  });
}

describe('forgotten password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => server.close());

  it('sets a new password with the SMS code and ends every session, sockets included; the old password fails', async () => {
    const member = await newMember(server);
    const phone = member.payload.username;
    const second = (await login(server, phone, member.payload.password)).body.token as string;
    const socket = await connect(server.url, member.token);
    try {
      const drop = dropped(socket);
      const { otpRef, otpCode } = await sentCode(server, phone);
      expect(otpRef).toMatch(/^[A-Z0-9]{4}$/);
      expect((await inbox(server, phone))[0]!.text).toContain(otpRef);
      expect(await reset(server, { phoneNumber: phone, otpRef, otpCode })).toMatchObject({ status: 200, body: { message: 'OK' } });
      expect(await drop).toBe('io server disconnect');
      for (const token of [member.token, second]) expect((await server.api('GET', '/api/account/profile', { token })).status).toBe(401);
      expect(await login(server, phone, member.payload.password)).toMatchObject({ status: 401, body: { message: 'WRONG_CREDENTIAL' } });
      const signedIn = await login(server, phone, NEW_PASSWORD);
      expect(signedIn.status).toBe(200);
      expect((await server.api('GET', '/api/account/profile', { token: signedIn.body.token })).status).toBe(200);
    } finally {
      socket.close();
    }
  });

  it('answers the same for a phone nobody registered, sends it nothing, and treats its guesses alike', async () => {
    const member = await newMember(server);
    const stranger = uniquePhone();
    const [known, unknown] = [await forgot(server, member.payload.username), await forgot(server, stranger)];
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.body)).toEqual(Object.keys(known.body));
    expect(unknown.body.otpRef).toMatch(/^[A-Z0-9]{4}$/);
    await codeFor(server, member.payload.username, known.body.otpRef);
    await sleep(200);
    expect(await inbox(server, stranger)).toEqual([]);
    // The same limits, and the same answer to a guess.
    expect(await forgot(server, stranger)).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT_1MIN' } });
    expect(await forgot(server, member.payload.username)).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT_1MIN' } });
    expect(await reset(server, { phoneNumber: stranger, otpRef: unknown.body.otpRef, otpCode: '123456' })).toMatchObject({ status: 400, body: { message: 'OTP_CODE_INVALID' } });
    const memberCode = await codeFor(server, member.payload.username, known.body.otpRef);
    expect(await reset(server, { phoneNumber: member.payload.username, otpRef: known.body.otpRef, otpCode: otherThan(memberCode) })).toMatchObject({ status: 400, body: { message: 'OTP_CODE_INVALID' } });
    expect(await server.db.selectFrom('members').select('id').where('phone', '=', stranger).executeTakeFirst()).toBeUndefined();
  });

  it('counts wrong codes: the fifth blocks the phone for an hour, even for the right code and for new codes', async () => {
    const member = await newMember(server);
    const phone = member.payload.username;
    const { otpRef, otpCode } = await sentCode(server, phone);
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect(await reset(server, { phoneNumber: phone, otpRef, otpCode: otherThan(otpCode) })).toMatchObject({ status: 400, body: { message: 'OTP_CODE_INVALID' } });
    }
    expect(await reset(server, { phoneNumber: phone, otpRef, otpCode: otherThan(otpCode) })).toMatchObject({ status: 429, body: { message: 'OTP_BLOCK' } });
    expect(await reset(server, { phoneNumber: phone, otpRef, otpCode })).toMatchObject({ status: 429, body: { message: 'OTP_BLOCK' } });
    expect(await forgot(server, phone)).toMatchObject({ status: 429, body: { message: 'OTP_BLOCK' } });
    server.clock.advance(61 * 60_000);
    const again = await sentCode(server, phone);
    expect((await reset(server, { phoneNumber: phone, ...again })).status).toBe(200);
    expect((await login(server, phone, NEW_PASSWORD)).status).toBe(200);
  });

  it('takes a code once, even from two taps at the same time', async () => {
    const member = await newMember(server);
    const phone = member.payload.username;
    const code = await sentCode(server, phone);
    const answers = await Promise.all([reset(server, { phoneNumber: phone, ...code }), reset(server, { phoneNumber: phone, ...code, newPassword: 'another-pass-7' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe('OTP_VERIFIED');
    const used = answers[0]!.status === 200 ? NEW_PASSWORD : 'another-pass-7';
    expect(await reset(server, { phoneNumber: phone, ...code, newPassword: 'third-pass-55' })).toMatchObject({ status: 409, body: { message: 'OTP_VERIFIED' } });
    expect((await login(server, phone, used)).status).toBe(200);
    expect((await login(server, phone, 'third-pass-55')).status).toBe(401);
  });

  it('shares its counters with login: wrong passwords stop a reset, wrong codes stop a login, per phone and per address', async () => {
    const byPasswords = await newMember(server);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(server, byPasswords.payload.username, 'wrong-pass-1')).status).toBe(401);
    const code = await sentCode(server, byPasswords.payload.username);
    expect(await reset(server, { phoneNumber: byPasswords.payload.username, ...code })).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT' } });
    expect((await login(server, byPasswords.payload.username, byPasswords.payload.password)).status).toBe(429);

    const byCodes = await newMember(server);
    const sent = await forgot(server, byCodes.payload.username);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await reset(server, { phoneNumber: byCodes.payload.username, otpRef: sent.body.otpRef, otpCode: otherThan(await codeFor(server, byCodes.payload.username, sent.body.otpRef)) })).status).toBe(400);
    }
    // A stale reference is a failure too (OTP_NOT_EXIST): the fifth of the phone's allowance.
    expect(await reset(server, { phoneNumber: byCodes.payload.username, otpRef: 'ZZZZ', otpCode: '123456' })).toMatchObject({ status: 400, body: { message: 'OTP_NOT_EXIST' } });
    expect(await login(server, byCodes.payload.username, byCodes.payload.password)).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT' } });

    // One address naming many phones: 50 failures, then its logins are refused too; another address is not.
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await reset(server, { phoneNumber: uniquePhone(), otpRef: 'ABCD', otpCode: '123456' }, headers)).status).toBe(400);
    }
    expect(await reset(server, { phoneNumber: uniquePhone(), otpRef: 'ABCD', otpCode: '123456' }, headers)).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT' } });
    expect(await login(server, '0812345678', 'demo1234', headers)).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT' } });
    expect((await login(server, '0812345678', 'demo1234', { 'x-forwarded-for': '203.0.113.78' })).status).toBe(200);
    server.clock.advance(15 * 60_000 + 1000);
  });

  it('limits sends per phone as registration does: one a minute, five an hour', async () => {
    const member = await newMember(server);
    const phone = member.payload.username;
    for (let sent = 1; sent < 5; sent += 1) {
      expect((await forgot(server, phone)).status).toBe(200);
      server.clock.advance(61_000);
    }
    expect(await forgot(server, phone)).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT' } });
  });

  it('gives a blocked member no new password, and says why only to whoever has the code', async () => {
    const member = await newMember(server);
    const phone = member.payload.username;
    const code = await sentCode(server, phone);
    await server.db.updateTable('members').set({ status: 'blocked' }).where('phone', '=', phone).execute();
    const before = await server.db.selectFrom('members').select('password_hash').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(await reset(server, { phoneNumber: phone, otpRef: code.otpRef, otpCode: otherThan(code.otpCode) })).toMatchObject({ status: 400, body: { message: 'OTP_CODE_INVALID' } });
    expect(await reset(server, { phoneNumber: phone, ...code })).toMatchObject({ status: 403, body: { message: 'INACTIVE_USER' } });
    const after = await server.db.selectFrom('members').select('password_hash').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
    await server.db.updateTable('members').set({ status: 'active' }).where('phone', '=', phone).execute();
    expect((await login(server, phone, member.payload.password)).status).toBe(200);
    expect((await login(server, phone, NEW_PASSWORD)).status).toBe(401);
  });

  it('refuses an expired code, a registration code, a short password and a malformed phone, changing nothing', async () => {
    const member = await newMember(server);
    const phone = member.payload.username;
    const code = await sentCode(server, phone);
    expect(await reset(server, { phoneNumber: phone, ...code, newPassword: 'short' })).toMatchObject({ status: 400, body: { message: 'PASSWORD_LENGTH' } });
    expect(await reset(server, { phoneNumber: '12345', ...code })).toMatchObject({ status: 400, body: { message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' } });
    expect(await forgot(server, '12345')).toMatchObject({ status: 400, body: { message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' } });
    expect(await server.api('POST', '/api/login/reset-password', { body: { phoneNumber: phone, otpRef: code.otpRef, otpCode: code.otpCode } })).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });
    server.clock.advance(5 * 60_000 + 1000);
    expect(await reset(server, { phoneNumber: phone, ...code })).toMatchObject({ status: 400, body: { message: 'OTP_EXPIRED' } });
    // The registration code in the inbox (its reference is in its text) is not a reset code.
    const registrationSms = (await inbox(server, phone)).at(-1)!;
    const registrationRef = /Ref: ([A-Z0-9]{4})/.exec(registrationSms.text)![1]!;
    expect(await reset(server, { phoneNumber: phone, otpRef: registrationRef, otpCode: registrationSms.otpCode })).toMatchObject({ status: 400, body: { message: 'OTP_NOT_EXIST' } });
    expect((await login(server, phone, member.payload.password)).status).toBe(200);
  });
});

describe('forgotten password over two nodes', () => {
  const run = `${Date.now()}-${process.pid}`;
  // Each node reads the revocation list only every 10 s: whatever happens sooner came by the revocation bus.
  const env = { SESSION_CACHE_MS: '10000', JWT_SECRET: `password-reset-${run}-0123456789abcdef0123456789` };
  let nodeA: TestServer;
  let nodeB: TestServer;
  beforeAll(async () => {
    nodeA = await startTestServer({ env });
    nodeB = await startTestServer({ env, sameDatabaseAs: nodeA });
  });
  afterAll(async () => {
    await nodeB.close();
    await nodeA.close();
  });

  it('a reset on one node ends the member’s calls and socket on the other at once', async () => {
    const member = await newMember(nodeA);
    expect((await nodeB.api('GET', '/api/account/profile', { token: member.token })).status).toBe(200);
    const socket = await connect(nodeB.url, member.token);
    try {
      const drop = dropped(socket);
      const code = await sentCode(nodeA, member.payload.username);
      expect((await reset(nodeA, { phoneNumber: member.payload.username, ...code })).status).toBe(200);
      expect(await drop).toBe('io server disconnect');
      let refused = false;
      for (const started = performance.now(); !refused && performance.now() - started < 1_000; await sleep(10)) {
        refused = (await nodeB.api('GET', '/api/account/profile', { token: member.token })).status === 401;
      }
      expect(refused).toBe(true);
    } finally {
      socket.close();
    }
  });
});
