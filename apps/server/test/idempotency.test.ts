import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResult, type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let operator: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'key-boss', password: 'key-boss-pass' });
  operator = (await server.api('POST', '/api/admin/login', { body: { username: 'key-boss', password: 'key-boss-pass' } })).body.token;
  await server.api('PUT', '/api/admin/settings/site', { token: operator, body: { isManualDeposit: true } });
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
const call = (member: Member, path: string, body: unknown, key: string) => server.api('POST', path, { token: member.token, body, headers: { 'idempotency-key': key } });
const walletOf = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body;

/** The web app's encryption of a gift link (SPEC §7). */
function sealed(link: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', crypto.createHash('sha256').update('dev-truelink-shared-key').digest(), iv);
  const body = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}
const voucher = async (amount: number) => sealed((await server.api('POST', '/sandbox/truemoney/vouchers', { body: { amount } })).body.link);

interface MoneyRoute {
  path: string;
  first: () => unknown | Promise<unknown>;
  other: () => unknown | Promise<unknown>;
  /** What the member's money looks like after the first call only. */
  after: (member: Member) => Promise<unknown>;
  expected: unknown;
}

const ROUTES: MoneyRoute[] = [
  { path: '/api/wallet/transfer', first: () => ({ from: 'WALLET', to: 'PG', amount: 100 }), other: () => ({ from: 'WALLET', to: 'PG', amount: 300 }), after: async (m) => (await walletOf(m)).wallet.amount, expected: 900 },
  {
    path: '/api/wallet/transferAll',
    first: () => ({ to: 'PG' }),
    other: () => ({ to: 'WALLET' }),
    after: async (m) => (await walletOf(m)).slots.find((slot: { code: string }) => slot.code === 'PG').amount,
    expected: 1000,
  },
  { path: '/api/wallet/withdraw', first: () => ({ amount: 100 }), other: () => ({ amount: 300 }), after: async (m) => (await walletOf(m)).wallet.amount, expected: 900 },
  { path: '/api/wallet/withdrawAll', first: () => ({ amount: 1000 }), other: () => ({ amount: 500 }), after: async (m) => (await walletOf(m)).wallet.amount, expected: 0 },
  { path: '/api/wallet/add', first: () => ({ amount: 250 }), other: () => ({ amount: 300 }), after: async (m) => (await server.api('GET', '/api/admin/deposit-notices', { token: operator })).body.notices.filter((n: { username: string }) => n.username === m.payload.username).length, expected: 1 },
  { path: '/api/qrcode/KBANK', first: () => ({ amount: 100 }), other: () => ({ amount: 200 }), after: async (m) => (await server.api('GET', '/api/qrcode/KBANK', { token: m.token })).body.amount, expected: 100 },
  { path: '/api/wallet/truelink', first: () => voucher(10), other: () => voucher(20), after: async (m) => (await walletOf(m)).wallet.amount, expected: 1010 },
];

describe('an Idempotency-Key reused for a different call', () => {
  for (const route of ROUTES) {
    it(`answers 409 KEY_INVALID and moves nothing on ${route.path}`, async () => {
      const member = await registerMember(server);
      await fundWallet(server, member.id, 1000);
      expect((await server.api('GET', '/api/wallet/activate/PG', { token: member.token })).status).toBe(200);
      const key = `reuse-${member.id}-${crypto.randomUUID()}`;
      const bodyOf = async (make: () => unknown) => {
        const made = await make();
        return typeof made === 'string' ? { link: made } : made;
      };
      const firstBody = await bodyOf(route.first);
      const first: ApiResult = await call(member, route.path, firstBody, key);
      expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
      expect(await call(member, route.path, await bodyOf(route.other), key)).toMatchObject({ status: 409, body: { message: 'KEY_INVALID' } });
      expect(await route.after(member)).toEqual(route.expected);
      // The same call again is a retry, not a misuse (a gift link answers TRUELINK_DUPLICATE: it is used).
      expect((await call(member, route.path, firstBody, key)).body.message).not.toBe('KEY_INVALID');
      expect(await route.after(member)).toEqual(route.expected);
    });
  }

  it('is refused across routes too, and is no business of another member using the same key', async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    await fundWallet(server, member.id, 500);
    await fundWallet(server, other.id, 500);
    const key = `shared-key-${crypto.randomUUID()}`;
    expect((await call(member, '/api/wallet/withdraw', { amount: 100 }, key)).status).toBe(200);
    expect(await call(member, '/api/wallet/add', { amount: 100 }, key)).toMatchObject({ status: 409, body: { message: 'KEY_INVALID' } });
    expect((await call(other, '/api/wallet/withdraw', { amount: 200 }, key)).status).toBe(200);
    expect((await walletOf(other)).wallet.amount).toBe(300);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });
});

describe('a transfer’s key, claimed in the transfer’s own statement', () => {
  it('is refused after another call used it, between games too, and a race of two calls with one key moves once', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 1000);
    for (const code of ['PG', 'JOKER']) expect((await server.api('GET', `/api/wallet/activate/${code}`, { token: member.token })).status).toBe(200);
    const used = `used-${crypto.randomUUID()}`;
    expect((await call(member, '/api/wallet/withdraw', { amount: 100 }, used)).status).toBe(200);
    expect(await call(member, '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 50 }, used)).toMatchObject({ status: 409, body: { message: 'KEY_INVALID' } });
    expect(await call(member, '/api/wallet/transfer', { from: 'PG', to: 'JOKER', amount: 50 }, used)).toMatchObject({ status: 409, body: { message: 'KEY_INVALID' } });
    expect((await walletOf(member)).wallet.amount).toBe(900);

    const raced = `raced-${crypto.randomUUID()}`;
    const answers = await Promise.all([100, 200, 100, 200].map((amount) => call(member, '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount }, raced)));
    const moved = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(moved.length + refused.length).toBe(4);
    expect(refused.every((answer) => answer.body.message === 'KEY_INVALID')).toBe(true);
    // Whichever amount claimed the key first moved, once; the same call again was its retry.
    const wallet = (await walletOf(member)).wallet.amount;
    expect([800, 700]).toContain(wallet);
    expect(moved.length).toBe(2);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });
});

describe('keys recorded before amounts were parsed into satang', () => {
  it('still match their retry: the fingerprint writes an amount in baht, as the body held it', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 500);
    const key = `upgrade-${member.id}`;
    // The fingerprint an earlier server stored for this call, from the body as sent.
    const fingerprint = crypto.createHash('sha256').update(JSON.stringify(['POST', '/api/wallet/withdraw', {}, { amount: 120.5 }])).digest('base64url');
    await server.db.insertInto('idempotency_keys').values({ owner: `member:${member.id}`, key, fingerprint }).execute();
    const answer = await call(member, '/api/wallet/withdraw', { amount: 120.5 }, key);
    expect(answer.status).toBe(200);
    expect(answer.body.withdrawal.amount).toBe(120.5);
  });
});
