import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PROFILES } from '@wallet/contract';
import { createLookupService } from '../src/modules/lookup/lookup.service.js';
import type { SettingsService } from '../src/modules/settings/settings.service.js';
import { type TestServer, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string, headers?: Record<string, string>) => server.api('GET', path, headers ? { headers } : {});

describe('lookups', () => {
  it('lists the Thai banks with Thai names', async () => {
    const { body } = await get('/api/lookup/banks');
    expect(body.banks).toContainEqual(expect.objectContaining({ code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', slipCode: '004' }));
    expect(body.banks.every((bank: { country: string }) => bank.country === 'TH')).toBe(true);
  });

  it('answers texts in the language of the cookie, else Accept-Language, else Thai', async () => {
    const english = await get('/api/lookup/conditions', { cookie: 'lang=EN' });
    expect(english.body.conditions[0]).toContain('Bonus conditions');
    const lao = await get('/api/lookup/agreements', { 'accept-language': 'lo-LA,lo;q=0.9' });
    expect(lao.body.agreements[0]).toContain('ຂ້າພະເຈົ້າ');
    const thai = await get('/api/lookup/sources');
    expect(thai.body.sources).toContainEqual({ code: 'FRIEND', description: 'เพื่อนแนะนำ' });
  });

  it('replaces the fail-percentage placeholder in the notice', async () => {
    const byDefault = await get('/api/lookup/notice', { cookie: 'lang=EN' });
    expect(byDefault.body.notice).toContain('below 10% of all you hold');
    const given = await server.api('GET', '/api/lookup/notice?percentFail=25', { headers: { cookie: 'lang=EN' } });
    expect(given.body.notice).toContain('below 25% of all you hold');
    expect(given.body.notice).not.toContain('{percentFail}');
    expect((await get('/api/lookup/notice?percentFail=abc')).body).toEqual({ message: 'KEY_INVALID' });
  });

  it('answers contact, info, flags, deposit, withdraw and slip settings', async () => {
    expect((await get('/api/lookup/contact')).body).toMatchObject({ lineName: '@bahtwallet', lineQR: '/contact-qr.svg' });
    expect((await get('/api/lookup/info')).body).toMatchObject({ name: expect.any(String), website: expect.any(String) });
    expect((await get('/api/lookup/registerOTP')).body).toEqual({ registerOTP: true });
    expect((await get('/api/lookup/enableChatWidget')).body).toEqual({ enableChatWidget: true });
    const deposit = (await get('/api/lookup/deposit')).body;
    expect(deposit.banks).toContainEqual(expect.objectContaining({ bankCode: 'KBANK', mode: 'AUTO', bankAccountNo: '0123456789' }));
    // SPEC §2 Deposit modal: SCB, KBANK (QR), GSB, then the gateway QRs, in the seeded order; and the
    // demo's KTB QR of our own, credited from the account's statement (ADR 0410).
    expect(deposit.banks).toContainEqual(expect.objectContaining({ bankCode: 'GSB', bankType: 'BANK', bankName: 'ธนาคารออมสิน', bankAccountNo: '020123456789' }));
    expect(deposit.banks).toContainEqual(expect.objectContaining({ bankCode: 'KTB', bankType: 'QR', bankAccountNo: '9870123456', creditsByItself: false }));
    expect(deposit.banks.map((bank: { bankCode: string }) => bank.bankCode)).toEqual(['KBANK', 'SCB', 'GSB', 'KTB', 'WW', 'ZAPMAN']);
    // The Thai build does not offer the operator's Lao account.
    expect(deposit.banks.map((bank: { bankCode: string }) => bank.bankCode)).not.toContain('BCEL');
    expect(deposit).toMatchObject({ isManual: false, minimum: expect.any(Number) });
    expect((await get('/api/lookup/withdraw')).body).toEqual({ withdrawMin: 100, withdrawMax: 50000, currencies: { THB: { withdrawMin: 100, withdrawMax: 50000 } } });
    expect((await get('/api/lookup/slip')).body).toMatchObject({ isOpen: true, maxAgeMinutes: 60 });
  });
});

describe('site termination', () => {
  it('makes /api/lookup/active and every other call answer 410 gone, until the operator lifts it', async () => {
    await server.app.adminService.ensureFirstOperator({ username: 'operator', password: 'operator-pass' });
    const { body } = await server.api('POST', '/api/admin/login', { body: { username: 'operator', password: 'operator-pass' } });
    const setTerminated = (terminated: boolean) =>
      server.api('PUT', '/api/admin/settings/site', { token: body.token, body: { terminated } });

    expect((await get('/api/lookup/active')).body).toEqual({ active: true });
    expect((await setTerminated(true)).body).toMatchObject({ terminated: true });
    for (const [method, path] of [
      ['GET', '/api/lookup/active'],
      ['GET', '/api/lookup/banks'],
      ['POST', '/api/login'],
      ['POST', '/api/otp/send'],
      ['GET', '/api/account/profile'],
    ] as const) {
      expect(await server.api(method, path, method === 'POST' ? { body: {} } : {}), path).toMatchObject({
        status: 410,
        body: { message: 'gone' },
      });
    }
    await setTerminated(false);
    expect((await get('/api/lookup/active')).body).toEqual({ active: true });
  });

  it('keeps operator settings behind operator tokens', async () => {
    expect(await server.api('PUT', '/api/admin/settings/site', { body: { terminated: true } })).toMatchObject({
      status: 401,
      body: { message: 'UNAUTHORIZED' },
    });
    const member = await server.api('POST', '/api/login', { body: { username: '0812345678', password: 'demo1234' } });
    expect(
      await server.api('PUT', '/api/admin/settings/site', { token: member.body.token, body: { terminated: true } }),
    ).toMatchObject({ status: 401, body: { message: 'invalid-token' } });
    expect((await get('/api/lookup/active')).status).toBe(200);
  });
});

describe('seeded game providers', () => {
  it('has every slot code of SPEC §7 in slot, sport and lotto, with drawn art and ratios not all 1', async () => {
    const providers = await server.db.selectFrom('providers').selectAll().execute();
    const codes = providers.map((provider) => provider.code).sort();
    expect(codes).toEqual(
      ['AREASLOT', 'ASKMEBET', 'BETFLIX', 'CIRCUS', 'HUAYHD', 'IMI', 'JOKER', 'JOKER2', 'PG', 'PGSLOT', 'SEXYGAME', 'SLOTRACHA', 'SLOTXO', 'SUPERSLOT', 'UFABET', 'USUN'].sort(),
    );
    expect(new Set(providers.map((provider) => provider.category))).toEqual(new Set(['slot', 'sport', 'lotto']));
    expect(providers.some((provider) => Number(provider.ft_wallet_slot) !== 1)).toBe(true);
    expect(providers.filter((provider) => provider.login_type === 'form').map((provider) => provider.code).sort()).toEqual(['JOKER', 'SLOTXO', 'UFABET']);
    expect(providers.every((provider) => provider.logo.startsWith('data:image/svg+xml'))).toBe(true);
  });

  // Banks are reference data the seed writes as a node starts (ADR 0439): the bank feed asks for a line's sending bank on every line.
  it('keeps a bank its slips name once found by its code or slip code, and asks again for one not found', async () => {
    // The bank look-ups read no settings.
    const lookup = createLookupService({ db: server.db, settings: {} as SettingsService, site: SITE_PROFILES.th, now: () => new Date() });
    const kbank = { code: 'KBANK', slip_code: '004', name_en: expect.any(String) };
    expect(await lookup.slipBank('KBANK')).toMatchObject(kbank);
    expect(await lookup.slipBank('004')).toMatchObject(kbank);
    expect(await lookup.slipBank('NOBANK')).toBeUndefined();
    await server.db.updateTable('banks').set({ slip_code: '904' }).where('code', '=', 'KBANK').execute();
    try {
      expect(await lookup.slipBank('KBANK')).toMatchObject(kbank);
      expect(await lookup.slipBank('004')).toMatchObject(kbank);
      expect(await lookup.slipBank('904')).toMatchObject({ code: 'KBANK', slip_code: '904' });
    } finally {
      await server.db.updateTable('banks').set({ slip_code: '004' }).where('code', '=', 'KBANK').execute();
    }
  });
});
