import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'promptparse';
import { type TestServer, fundWallet, latestOtp, registration, startTestServer, uniqueAccountNo } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SITE: 'la' } });
});
afterAll(() => server.close());

let counter = 0;
const laoPhone = () => `20${String(process.pid % 1000).padStart(3, '0')}${String((counter += 1)).padStart(3, '0')}`;

async function registerLao(overrides: Record<string, unknown>) {
  const phone = laoPhone();
  const answer = await registerWith(phone, overrides);
  return { ...answer, phone };
}

async function registerWith(phone: string, overrides: Record<string, unknown>) {
  const sent = await server.api('POST', '/api/otp/send', { body: { phoneNumber: phone } });
  expect(sent.status).toBe(200);
  await server.api('POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode: await latestOtp(server, phone) } });
  return server.api('POST', '/api/account', { body: { ...registration({ bankCode: 'BCEL', ...overrides }), username: phone } });
}

/** A registered, signed-in Lao member. */
async function laoMember(overrides: Record<string, unknown> = {}) {
  const payload = registration({ bankCode: 'BCEL', bankAccountNo: uniqueAccountNo(), ...overrides });
  const created = await registerLao(payload);
  expect(created.status).toBe(200);
  const login = await server.api('POST', '/api/login', { body: { username: created.phone, password: payload.password } });
  return { id: created.body._id as string, token: login.body.token as string };
}

/** The first operator (an admin), signed in. */
async function chiefToken(): Promise<string> {
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  return (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token as string;
}

describe('Laos build (SITE=la)', () => {
  it('lists Lao banks only', async () => {
    const { body } = await server.api('GET', '/api/lookup/banks');
    expect(body.banks.map((bank: { code: string }) => bank.code)).toContain('BCEL');
    expect(body.banks.every((bank: { country: string }) => bank.country === 'LA')).toBe(true);
    expect(body.banks).toContainEqual(expect.objectContaining({ code: 'LDB', nameEN: 'Lao Development Bank', nameLO: 'ທະນາຄານພັດທະນາລາວ' }));
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
    const inKip = await registerLao({});
    const inBaht = await registerLao({ currency: 'BAHT' });
    expect([inKip.status, inBaht.status]).toEqual([200, 200]);
    const currencies = await server.db.selectFrom('members').select(['phone', 'currency']).where('phone', 'in', [inKip.phone, inBaht.phone]).execute();
    expect(Object.fromEntries(currencies.map((row) => [row.phone, row.currency]))).toEqual({ [inKip.phone]: 'LAK', [inBaht.phone]: 'BAHT' });
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

  it('takes a kip member from a BCEL QR deposit to a game and a withdrawal, all in kip, nothing converted', async () => {
    const member = await laoMember();
    const get = (path: string) => server.api('GET', path, { token: member.token });
    const post = (path: string, body: object) => server.api('POST', path, { token: member.token, body });
    expect((await get('/api/wallet')).body.wallet).toEqual({ amount: 0, currency: 'LAK' });
    // Only providers that take kip are offered, and only kip deposit methods make a QR.
    const slots = (await get('/api/wallet')).body.slots.map((slot: { code: string }) => slot.code);
    expect(slots).toEqual(expect.arrayContaining(['PG', 'JOKER']));
    expect(slots).not.toContain('SLOTXO');
    expect((await post('/api/qrcode/KBANK', { amount: 100_000 })).body).toEqual({ hasQrcode: false, message: 'QR_FAIL' });
    expect((await post('/api/qrcode/WW', { amount: 100_000 })).body).toEqual({ hasQrcode: false, message: 'QR_FAIL' });
    expect((await post('/api/qrcode/BCEL', { amount: 500 })).body).toEqual({ hasQrcode: false, message: 'DEPOSIT_MINIMUM' });
    expect((await post('/api/qrcode/BCEL', { amount: 1000.5 })).body).toEqual({ hasQrcode: false, message: 'KEY_INVALID' });

    const qr = (await post('/api/qrcode/BCEL', { amount: 250_000 })).body;
    const emv = parse(qr.payload, true);
    expect({ currency: emv?.getTagValue('53'), amount: emv?.getTagValue('54'), country: emv?.getTagValue('58'), aid: emv?.getTagValue('38', '00') }).toEqual({
      currency: '418',
      amount: '250000',
      country: 'LA',
      aid: 'A005266284662577',
    });
    expect((await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } })).body).toEqual({ paid: true, webhookStatus: 200 });
    expect((await get('/api/wallet')).body.wallet).toEqual({ amount: 250_000, currency: 'LAK' });

    expect((await get('/api/wallet/activate/PG')).status).toBe(200);
    expect((await post('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100_000 })).body).toEqual({ message: 'SUCCESS' });
    expect(await post('/api/wallet/transfer', { from: 'WALLET', to: 'SLOTXO', amount: 1_000 })).toMatchObject({ status: 404, body: { message: 'NO_GAME' } });

    // Kip limits: 50,000 at least; the baht minimum (100) means nothing here.
    expect(await post('/api/wallet/withdraw', { amount: 40_000 })).toMatchObject({ body: { message: 'WITHDRAW_MINIMUM' } });
    const withdrawn = await post('/api/wallet/withdraw', { amount: 60_000 });
    expect(withdrawn.body.withdrawal).toMatchObject({ amount: 60_000, currency: 'LAK', status: 'in_progress' });
    expect((await get('/api/wallet')).body.wallet).toEqual({ amount: 90_000, currency: 'LAK' });

    const limits = (await server.api('GET', '/api/lookup/withdraw')).body;
    expect(limits).toEqual({ withdrawMin: 50_000, withdrawMax: 30_000_000, currencies: { LAK: { withdrawMin: 50_000, withdrawMax: 30_000_000 }, THB: { withdrawMin: 100, withdrawMax: 50_000 } } });

    const ledger = await server.app.ledger.verify();
    expect(ledger).toMatchObject({ ok: true, transfersAcrossCurrencies: 0 });
    const operatorKip = await server.db.selectFrom('ledger_accounts').select(['code', 'currency']).where('code', 'in', ['operator:deposits:BCEL:LAK', 'operator:provider-in-flight:PG:LAK', 'operator:withdrawals-payable:LAK']).orderBy('code').execute();
    expect(operatorKip).toEqual([
      { code: 'operator:deposits:BCEL:LAK', currency: 'LAK' },
      { code: 'operator:provider-in-flight:PG:LAK', currency: 'LAK' },
      { code: 'operator:withdrawals-payable:LAK', currency: 'LAK' },
    ]);
  });

  it('keeps a BAHT member of the Laos build in baht, with the Thai limits', async () => {
    const member = await laoMember({ currency: 'BAHT' });
    expect((await server.api('GET', '/api/wallet', { token: member.token })).body.wallet).toEqual({ amount: 0, currency: 'THB' });
    expect((await server.api('POST', '/api/qrcode/BCEL', { token: member.token, body: { amount: 250_000 } })).body).toEqual({ hasQrcode: false, message: 'QR_FAIL' });
    expect((await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 60 } })).body).toMatchObject({ message: 'WITHDRAW_MINIMUM' });
  });

  it("offers a kip member the kip bonus and kip wheel only, paid from the operator's kip accounts", async () => {
    const member = await laoMember();
    const get = (path: string) => server.api('GET', path, { token: member.token });
    // Before a deposit the bonus names its minimum, in kip.
    expect(await get('/api/bonus/activate/WELCOMEKIP')).toMatchObject({ status: 422, body: { message: 'BONUS_DEPOSIT_MINIMUM', minimum: 100_000 } });
    const qr = (await server.api('POST', '/api/qrcode/BCEL', { token: member.token, body: { amount: 200_000 } })).body;
    expect((await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } })).status).toBe(200);

    expect((await get('/api/bonus')).body.bonuses.map((bonus: { code: string }) => bonus.code)).toEqual(['WELCOMEKIP']);
    // A baht offer is not theirs: it does not exist for them.
    expect(await get('/api/bonus/activate/WELCOME50')).toMatchObject({ status: 404, body: { message: 'NO_DATA' } });
    expect((await get('/api/bonus/activate/WELCOMEKIP')).body).toMatchObject({ message: 'SUCCESS', amount: 100_000 });
    expect((await get('/api/wallet')).body.wallet).toEqual({ amount: 300_000, currency: 'LAK' });
    const rewards = await server.app.ledger.balances(['operator:rewards:bonus:LAK']);
    expect(rewards.get('operator:rewards:bonus:LAK')).toBe(-10_000_000n);

    // Coins come from play, in kip: one per 50,000 kip that games kept, on the kip wheel.
    const setup = (await get('/api/spinwheel/setup')).body;
    expect(setup).toMatchObject({ userCoin: 0, coinBaht: 50_000 });
    expect(setup.activeSpinwheel.slices.map((slice: { code: string }) => slice.code)).toContain('CASH10K');
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  it("keeps kip and baht apart on the operator's dashboard", async () => {
    const chief = await chiefToken();
    const dashboard = async (currency?: string) => (await server.api('GET', `/api/admin/reports/dashboard?days=2${currency ? `&currency=${currency}` : ''}`, { token: chief })).body;
    const depositsOf = (body: { today: { deposits: Record<string, number> } }) => Object.values(body.today.deposits).reduce((total, amount) => total + amount, 0);
    const [kipBefore, bahtBefore] = [depositsOf(await dashboard()), depositsOf(await dashboard('THB'))];

    const member = await laoMember();
    const qr = (await server.api('POST', '/api/qrcode/BCEL', { token: member.token, body: { amount: 70_000 } })).body;
    await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } });

    const kip = await dashboard();
    expect(kip).toMatchObject({ currency: 'LAK', currencies: ['LAK', 'THB'] });
    expect(depositsOf(kip) - kipBefore).toBe(70_000);
    expect(depositsOf(await dashboard('THB'))).toBe(bahtBefore);
  });

  it('lets the operator set every kip limit, whole kip only, and a kip withdrawal above the kip second-approval amount takes two operators', async () => {
    const chief = await chiefToken();
    const put = (body: object) => server.api('PUT', '/api/admin/settings/site', { token: chief, body });
    const kipRules = async () => (await server.api('GET', '/api/admin/settings/site', { token: chief })).body.lak;
    const defaults = await kipRules();
    expect(defaults).toMatchObject({ withdrawMin: 50_000, withdrawMax: 30_000_000, withdrawSecondApprovalAbove: 0 });

    // Refused whole, with a code, and nothing changes.
    for (const [bad, code] of [
      [{ lak: { withdrawMin: 40_000_000 } }, 'WITHDRAW_MIN_ABOVE_MAX'],
      [{ lak: { withdrawMax: 10_000 } }, 'WITHDRAW_MIN_ABOVE_MAX'],
      [{ lak: { withdrawSecondApprovalAbove: 1_000_000.5 } }, 'KEY_INVALID'],
      [{ lak: { depositMinimum: -1 } }, 'KEY_INVALID'],
      [{ lak: { bankQrQuickPicks: [10_000, 0] } }, 'KEY_INVALID'],
      [{ lak: { bankQrQuickPicks: [10_000.5] } }, 'KEY_INVALID'],
      [{ lak: { bankQrQuickPicks: [] } }, 'KEY_INVALID'],
      [{ lak: { spinCoinAmount: 'many' } }, 'KEY_INVALID'],
      [{ bankQrQuickPicks: [-10] }, 'KEY_INVALID'],
    ] as const) {
      expect(await put(bad), JSON.stringify(bad)).toMatchObject({ status: 400, body: { message: code } });
    }
    expect(await kipRules()).toEqual(defaults);

    const changed = await put({ lak: { withdrawSecondApprovalAbove: 1_000_000, bankQrQuickPicks: [20_000, 100_000] } });
    expect(changed.status).toBe(200);
    expect(changed.body.lak).toEqual({ ...defaults, withdrawSecondApprovalAbove: 1_000_000, bankQrQuickPicks: [20_000, 100_000] });
    expect((await server.api('GET', '/api/lookup/deposit')).body.currencies.LAK.quickPicks).toEqual([20_000, 100_000]);
    const history = (await server.api('GET', '/api/admin/settings/history', { token: chief })).body;
    expect(history.changes[0]).toMatchObject({
      actor: 'chief',
      before: { 'lak.withdrawSecondApprovalAbove': 0, 'lak.bankQrQuickPicks': defaults.bankQrQuickPicks },
      after: { 'lak.withdrawSecondApprovalAbove': 1_000_000, 'lak.bankQrQuickPicks': [20_000, 100_000] },
    });

    await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'checker', password: 'checker-pass-1', roles: ['finance'] } });
    const checker = (await server.api('POST', '/api/admin/login', { body: { username: 'checker', password: 'checker-pass-1' } })).body.token as string;
    const approve = (token: string, id: string) => server.api('POST', `/api/admin/withdrawals/${id}/approve`, { token });

    const member = await laoMember();
    await fundWallet(server, member.id, 3_000_000);
    const withdraw = async (amount: number) => (await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount } })).body.withdrawal._id as string;
    const large = await withdraw(2_000_000);
    expect((await approve(chief, large)).body).toMatchObject({ status: 'in_progress' });
    expect(await approve(chief, large)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
    expect((await approve(checker, large)).body).toMatchObject({ status: 'SUCCESS', amount: 2_000_000, currency: 'LAK' });
    // At or below the kip amount one approval pays.
    expect((await approve(chief, await withdraw(1_000_000))).body).toMatchObject({ status: 'SUCCESS' });

    expect((await put({ lak: { withdrawSecondApprovalAbove: 0, bankQrQuickPicks: defaults.bankQrQuickPicks } })).status).toBe(200);
  });

  it('moves kip only in whole kip: a fraction is refused everywhere and nothing moves; baht keeps its satang', async () => {
    const member = await laoMember();
    const get = (path: string) => server.api('GET', path, { token: member.token });
    const post = (path: string, body: object) => server.api('POST', path, { token: member.token, body });
    await fundWallet(server, member.id, 300_000);
    expect((await get('/api/wallet/activate/PG')).status).toBe(200);
    expect((await post('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100_000 })).body).toEqual({ message: 'SUCCESS' });
    const chief = await chiefToken();
    expect((await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { isManualDeposit: true } })).status).toBe(200);
    const balances = async () => (await server.app.ledger.memberBalances(BigInt(member.id))).map((account) => `${account.code}=${account.balance}`).sort();
    const before = await balances();

    for (const [path, body] of [
      ['/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 1_000.5 }],
      ['/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 1_000.5 }],
      ['/api/wallet/withdraw', { amount: 60_000.5 }],
      ['/api/wallet/withdrawAll', { amount: 60_000.5 }],
      ['/api/wallet/add', { amount: 5_000.5 }],
      ['/api/qrcode/BCEL', { amount: 5_000.5 }],
    ] as const) {
      const answer = await post(path, body);
      expect(path === '/api/qrcode/BCEL' ? answer.body : answer, `${path} ${JSON.stringify(body)}`).toMatchObject(
        path === '/api/qrcode/BCEL' ? { hasQrcode: false, message: 'KEY_INVALID' } : { status: 400, body: { message: 'KEY_INVALID' } },
      );
    }
    expect(await balances()).toEqual(before);
    const made = (table: 'withdrawals' | 'manual_deposit_notices') => server.db.selectFrom(table).select('id').where('member_id', '=', BigInt(member.id)).execute();
    expect([await made('withdrawals'), await made('manual_deposit_notices')]).toEqual([[], []]);

    // Everything to a game leaves the wallet's part of a kip behind.
    await fundWallet(server, member.id, 0.5);
    expect((await post('/api/wallet/transferAll', { to: 'PG' })).body).toEqual({ message: 'SUCCESS', failed: [] });
    expect((await get('/api/wallet')).body.wallet).toEqual({ amount: 0.5, currency: 'LAK' });

    // A baht wallet of the same build still moves satang.
    const baht = await laoMember({ currency: 'BAHT' });
    await fundWallet(server, baht.id, 500);
    expect((await server.api('POST', '/api/wallet/withdraw', { token: baht.token, body: { amount: 100.5 } })).body.withdrawal).toMatchObject({ amount: 100.5, currency: 'THB' });
    expect((await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { isManualDeposit: false } })).status).toBe(200);
  });
});
