import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, latestOtp, registration, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SITE: 'la' } });
});
afterAll(() => server.close());

let counter = 0;
const laoPhone = () => `20${String(process.pid % 1000).padStart(3, '0')}${String((counter += 1)).padStart(3, '0')}`;

async function registerLao(overrides: Record<string, unknown>) {
  const phone = laoPhone();
  const sent = await server.api('POST', '/api/otp/send', { body: { phoneNumber: phone } });
  expect(sent.status).toBe(200);
  await server.api('POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode: await latestOtp(server, phone) } });
  return server.api('POST', '/api/account', { body: registration({ username: phone, bankCode: 'BCEL', ...overrides }) });
}

describe('Laos build (SITE=la)', () => {
  it('lists Lao banks only', async () => {
    const { body } = await server.api('GET', '/api/lookup/banks');
    expect(body.banks.map((bank: { code: string }) => bank.code)).toContain('BCEL');
    expect(body.banks.every((bank: { country: string }) => bank.country === 'LA')).toBe(true);
    const deposit = (await server.api('GET', '/api/lookup/deposit')).body;
    expect(deposit.banks.map((bank: { bankCode: string }) => bank.bankCode)).toContain('BCEL');
  });

  it('accepts 8 to 11 digit phones and refuses others', async () => {
    expect((await server.api('POST', '/api/account/validate', { body: { username: '20551234' } })).status).toBe(200);
    expect(await server.api('POST', '/api/account/validate', { body: { username: '2055123' } })).toMatchObject({
      status: 400,
      body: { message: 'KEY_INVALID' },
    });
  });

  it('registers in LAK by default and in BAHT when chosen', async () => {
    expect((await registerLao({})).status).toBe(200);
    expect((await registerLao({ currency: 'BAHT' })).status).toBe(200);
    const currencies = await server.db.selectFrom('members').select('currency').where('bank_code', '=', 'BCEL').execute();
    expect(currencies.map((row) => row.currency).sort()).toEqual(['BAHT', 'LAK']);
  });

  it('answers texts in Lao by default', async () => {
    const { body } = await server.api('GET', '/api/lookup/agreements');
    expect(body.agreements[0]).toContain('ຂ້າພະເຈົ້າ');
  });

  it('refuses a Thai bank', async () => {
    expect(await server.api('POST', '/api/account/validate', { body: { username: '20559999', bankCode: 'KBANK' } })).toMatchObject({
      status: 400,
      body: { message: 'INVALID_BANK' },
    });
  });
});
