import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, countRows, latestOtp, startTestServer, uniquePhone } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const send = (phoneNumber: string) => server.api('POST', '/api/otp/send', { body: { phoneNumber } });
const verify = (otpToken: string, otpCode: string) => server.api('POST', '/api/otp/verify', { body: { otpToken, otpCode } });

describe('OTP', () => {
  it('sends a 6-digit code by SMS with a reference, and verifies it', async () => {
    const phone = uniquePhone();
    const sent = await send(phone);
    expect(sent).toMatchObject({ status: 200, body: { code: 'OTP_SENT' } });
    expect(sent.body.otpRef).toMatch(/^[A-Z0-9]{4}$/);
    const inbox = await server.api('GET', `/sandbox/sms/messages?phone=${phone}`);
    expect(inbox.body.messages[0].text).toContain(sent.body.otpRef);
    expect(inbox.body.messages[0].otpCode).toMatch(/^\d{6}$/);
    expect(await verify(sent.body.otpToken, inbox.body.messages[0].otpCode)).toMatchObject({
      status: 200,
      body: { code: 'OTP_CODE_VALID' },
    });
    expect(await verify(sent.body.otpToken, inbox.body.messages[0].otpCode)).toMatchObject({
      status: 409,
      body: { message: 'OTP_VERIFIED' },
    });
  });

  it('keeps only a hash of the code and of the token', async () => {
    const phone = uniquePhone();
    const sent = await send(phone);
    const code = await latestOtp(server, phone);
    const row = await server.db.selectFrom('otp_requests').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.token_hash).not.toBe(sent.body.otpToken);
  });

  it('refuses a second send within a minute, then a sixth within the hour', async () => {
    const phone = uniquePhone();
    expect((await send(phone)).status).toBe(200);
    expect(await send(phone)).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT_1MIN' } });
    for (let sent = 1; sent < 5; sent += 1) {
      server.clock.advance(61_000);
      expect((await send(phone)).status).toBe(200);
    }
    server.clock.advance(61_000);
    expect(await send(phone)).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT' } });
  });

  it('expires a code after 5 minutes', async () => {
    const phone = uniquePhone();
    const sent = await send(phone);
    const code = await latestOtp(server, phone);
    server.clock.advance(5 * 60_000 + 1000);
    expect(await verify(sent.body.otpToken, code)).toMatchObject({ status: 400, body: { message: 'OTP_EXPIRED' } });
  });

  it('blocks the phone for an hour after 5 wrong codes, even with a correct one', async () => {
    const phone = uniquePhone();
    const sent = await send(phone);
    const code = await latestOtp(server, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect(await verify(sent.body.otpToken, wrong)).toMatchObject({ status: 400, body: { message: 'OTP_CODE_INVALID' } });
    }
    expect(await verify(sent.body.otpToken, wrong)).toMatchObject({ status: 429, body: { message: 'OTP_BLOCK' } });
    expect(await verify(sent.body.otpToken, code)).toMatchObject({ status: 429, body: { message: 'OTP_BLOCK' } });
    expect(await send(phone)).toMatchObject({ status: 429, body: { message: 'OTP_BLOCK' } });
    server.clock.advance(61 * 60_000);
    expect((await send(phone)).status).toBe(200);
  });

  it('refuses an unknown token, a malformed phone and a registered phone', async () => {
    expect(await verify('not-a-token', '123456')).toMatchObject({ status: 400, body: { message: 'OTP_TOKEN_INVALID' } });
    expect(await send('12345')).toMatchObject({ status: 400, body: { message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' } });
    expect(await send('0812345678')).toMatchObject({ status: 409, body: { message: 'EXISTING_USER' } });
    expect(await server.api('POST', '/api/otp/send', { body: {} })).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });
  });
});

describe('OTP when the SMS gateway fails', () => {
  it('answers OTP_SEND_FAIL and does not count the attempt', async () => {
    const failing = await startTestServer({ env: { SMS_URL: 'http://127.0.0.1:9/unreachable' } });
    try {
      const phone = uniquePhone();
      const before = await countRows(failing.db, 'otp_requests');
      expect(await failing.api('POST', '/api/otp/send', { body: { phoneNumber: phone } })).toMatchObject({
        status: 502,
        body: { message: 'OTP_SEND_FAIL' },
      });
      expect(await countRows(failing.db, 'otp_requests')).toBe(before);
    } finally {
      await failing.close();
    }
  });
});
