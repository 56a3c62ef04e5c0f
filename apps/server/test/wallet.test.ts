import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(async () => {
  await server.api('PUT', '/sandbox/provider/faults', { body: {} });
});

type Member = Awaited<ReturnType<typeof registerMember>>;
const wallet = (member: Member) => server.api('GET', '/api/wallet', { token: member.token });
const slotOf = async (member: Member, code: string) => (await wallet(member)).body.slots.find((slot: { code: string }) => slot.code === code);
const activate = (member: Member, code: string) => server.api('GET', `/api/wallet/activate/${code}`, { token: member.token });
const transfer = (member: Member, from: string, to: string, amount: number, key?: string) =>
  server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from, to, amount }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
const play = (code: string, username: string, bet: number, win: number) =>
  server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: code, username, bet, win } });

async function memberWithMoney(baht: number, ...codes: string[]) {
  const member = await registerMember(server);
  if (baht > 0) await fundWallet(server, member.id, baht);
  for (const code of codes) expect((await activate(member, code)).status).toBe(200);
  return member;
}

async function expectLedgerExact() {
  const report = await server.app.ledger.verify();
  expect(report, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toMatchObject({ ok: true });
}

describe('wallet view', () => {
  it('shows the wallet, every provider card and the invite rule', async () => {
    const member = await memberWithMoney(250);
    const { body } = await wallet(member);
    expect(body.wallet).toEqual({ amount: 250, currency: 'THB' });
    expect(body.profile).toMatchObject({ _id: member.id, username: member.payload.username, coin: 0 });
    expect(body.invite).toEqual({ amount: 0, success: 300, fail: 10 });
    expect(body.slots).toHaveLength(16);
    expect(body.slots.every((slot: { isActive: boolean; password: null }) => !slot.isActive && slot.password === null)).toBe(true);
    const joker = body.slots.find((slot: { code: string }) => slot.code === 'JOKER');
    expect(joker).toMatchObject({ category: 'slot', ftWalletSlot: 0.5, loginForm: true, web: '/sandbox/provider/login/JOKER' });
    // Art travels as cacheable addresses, not inside every wallet answer.
    expect(joker.logo).toMatch(/^\/media\/providers\/JOKER\/logo\.svg\?v=/);
    const logo = await fetch(`${server.url}${joker.logo}`);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(logo.headers.get('cache-control')).toContain('immutable');
    expect(await logo.text()).toMatch(/^<svg/);
  });

  it('answers compressed when the client accepts it', async () => {
    const member = await memberWithMoney(1);
    const response = await fetch(`${server.url}/api/wallet`, { headers: { authorization: `Bearer ${member.token}`, 'accept-encoding': 'br, gzip' } });
    expect(response.headers.get('content-encoding')).toMatch(/br|gzip/);
    expect(((await response.json()) as { slots: unknown[] }).slots).toHaveLength(16);
  });
});

describe('game accounts', () => {
  it('opens an account once, keeps its password encrypted, and resets it', async () => {
    const member = await registerMember(server);
    expect(await server.api('GET', '/api/wallet/account/PG', { token: member.token })).toMatchObject({ status: 404, body: { message: 'SLOT_NO_ACCOUNT' } });
    expect((await activate(member, 'PG')).body).toEqual({ message: 'SUCCESS' });
    expect(await activate(member, 'PG')).toMatchObject({ status: 409, body: { message: 'SLOT_ALREADY_ACTIVE' } });
    expect(await activate(member, 'NOPE')).toMatchObject({ status: 404, body: { message: 'NO_GAME' } });

    const account = await server.api('GET', '/api/wallet/account/PG', { token: member.token });
    expect(account.body).toMatchObject({ username: `bw${member.id}`, password: expect.any(String), event: null });
    const row = await server.db.selectFrom('game_accounts').selectAll().where('member_id', '=', BigInt(member.id)).executeTakeFirstOrThrow();
    expect(row.password_encrypted).not.toContain(account.body.password);

    const reset = await server.api('GET', '/api/wallet/resetpassword/PG', { token: member.token });
    expect(reset.body.password).not.toBe(account.body.password);
    expect((await server.api('GET', '/api/wallet/account/PG', { token: member.token })).body.password).toBe(reset.body.password);
    expect(await server.api('GET', '/api/wallet/resetpassword/SLOTXO', { token: member.token })).toMatchObject({ status: 404, body: { message: 'SLOT_NO_ACCOUNT' } });
  });

  it('answers SLOT_ACTIVATE_FAIL and SLOT_RESET_PASSWORD_FAIL when the provider does not answer, opening nothing', async () => {
    const member = await memberWithMoney(0, 'PG');
    await server.api('PUT', '/sandbox/provider/faults', { body: { latencyMs: 2_000 } });
    expect(await activate(member, 'UFABET')).toMatchObject({ status: 502, body: { message: 'SLOT_ACTIVATE_FAIL' } });
    expect(await server.api('GET', '/api/wallet/resetpassword/PG', { token: member.token })).toMatchObject({ status: 502, body: { message: 'SLOT_RESET_PASSWORD_FAIL' } });
    await server.api('PUT', '/sandbox/provider/faults', { body: {} });
    expect((await slotOf(member, 'UFABET')).isActive).toBe(false);
    expect((await activate(member, 'UFABET')).status).toBe(200);
  });

  it('gives the login form of JOKER through the account event', async () => {
    const member = await memberWithMoney(0, 'JOKER');
    const account = await server.api('GET', '/api/wallet/account/JOKER', { token: member.token });
    expect(account.body.event).toEqual({ action: '/sandbox/provider/login/JOKER', method: 'POST' });
  });

  it('answers auto-login only for the caller’s own account', async () => {
    const owner = await memberWithMoney(0, 'PG', 'CIRCUS');
    const stranger = await memberWithMoney(0, 'PG');
    const own = await server.api('GET', `/api/autoLogin/pg/bw${owner.id}`, { token: owner.token });
    expect(own.body.link).toMatch(/^\/sandbox\/provider\/play\?token=/);
    expect(await server.api('GET', `/api/autoLogin/pg/bw${owner.id}`, { token: stranger.token })).toMatchObject({
      status: 404,
      body: { message: 'SLOT_NO_ACCOUNT' },
    });
    const password = (await server.api('GET', '/api/wallet/account/CIRCUS', { token: owner.token })).body.password;
    expect((await server.api('GET', `/api/autoLogin/circus/bw${owner.id}/${password}`, { token: owner.token })).status).toBe(200);
    expect((await server.api('GET', `/api/autoLogin/circus/bw${owner.id}/wrong-password`, { token: owner.token })).status).toBe(404);
  });
});

describe('transfers between wallet and games', () => {
  it('moves money to a game and back, converting with the provider ratio', async () => {
    const member = await memberWithMoney(500, 'JOKER');
    expect((await transfer(member, 'WALLET', 'JOKER', 100)).body).toEqual({ message: 'SUCCESS' });
    const joker = await slotOf(member, 'JOKER');
    expect(joker.amount).toBe(200); // 100 baht at 0.5 baht per credit
    expect(joker.amount * joker.ftWalletSlot).toBe(100);
    expect((await wallet(member)).body.wallet.amount).toBe(400);
    expect((await transfer(member, 'JOKER', 'WALLET', 60.5)).body).toEqual({ message: 'SUCCESS' });
    expect((await wallet(member)).body.wallet.amount).toBe(460.5);
    expect((await slotOf(member, 'JOKER')).amount).toBe(79);
    await expectLedgerExact();
  });

  it('records the request that moved the money on the hold and its settlement, and a reconciler run’s own id on what it settles', async () => {
    const member = await memberWithMoney(100, 'PG');
    const moved = await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 20 }, headers: { 'x-request-id': `move-${member.id}` } });
    expect(moved.body).toEqual({ message: 'SUCCESS' });
    const transfersOf = (reference: string) =>
      server.db.selectFrom('ledger_transfers').select(['kind', 'request_id']).where('reference', '=', reference).orderBy('id').execute();
    const [first] = await server.db.selectFrom('provider_transfers').select('id').where('member_id', '=', BigInt(member.id)).execute();
    expect((await transfersOf(first!.id)).map((row) => row.request_id)).toEqual([`move-${member.id}`, `move-${member.id}`]);

    await server.api('PUT', '/sandbox/provider/faults', { body: { timeoutRate: 1 } });
    expect(await transfer(member, 'WALLET', 'PG', 30)).toMatchObject({ status: 202 });
    await server.api('PUT', '/sandbox/provider/faults', { body: {} });
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // let the hung sandbox request finish
    await server.app.reconciler.run();
    const second = await server.db.selectFrom('provider_transfers').select(['id', 'status']).where('member_id', '=', BigInt(member.id)).where('id', '!=', first!.id).executeTakeFirstOrThrow();
    expect(second.status).not.toBe('pending');
    const [hold, settlement] = await transfersOf(second.id);
    expect(hold!.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(settlement!.request_id).toMatch(/^reconcile-[0-9a-f-]{36}$/);
    await expectLedgerExact();
  });

  it('opens a game ledger account on the first transfer when the game account has none yet', async () => {
    // A game account from before the ledger opened one with it: only the provider and our row know it.
    const member = await memberWithMoney(500);
    const username = `old${member.id}`;
    await server.db.insertInto('game_accounts').values({ member_id: BigInt(member.id), provider_code: 'JOKER', username, password_encrypted: 'sealed-before' }).execute();
    await server.db.insertInto('sandbox_provider_players').values({ provider_code: 'JOKER', username, password: 'before' }).execute();
    const gameAccount = () => server.db.selectFrom('ledger_accounts').select('balance').where('code', '=', `game:${member.id}:JOKER`).executeTakeFirst();
    expect(await gameAccount()).toBeUndefined();

    expect((await transfer(member, 'WALLET', 'JOKER', 100)).body).toEqual({ message: 'SUCCESS' });
    expect(await gameAccount()).toEqual({ balance: 10_000n });
    expect((await slotOf(member, 'JOKER')).amount).toBe(200);
    expect((await wallet(member)).body.wallet.amount).toBe(400);
    await expectLedgerExact();
  });

  it('books wins and losses at the provider when balances are refreshed', async () => {
    const member = await memberWithMoney(300, 'PG');
    await transfer(member, 'WALLET', 'PG', 100);
    expect((await play('PG', `bw${member.id}`, 10, 35)).body).toEqual({ balance: 125 });
    const refreshed = await server.api('GET', '/api/wallet/refresh/slot', { token: member.token });
    expect(refreshed.body).toEqual({ message: 'OK', failed: [] });
    expect((await slotOf(member, 'PG')).amount).toBe(125);
    expect((await transfer(member, 'PG', 'WALLET', 125)).body).toEqual({ message: 'SUCCESS' });
    expect((await wallet(member)).body.wallet.amount).toBe(325);
    await expectLedgerExact();
  });

  it('takes wins made since the last refresh back to the wallet, and no more than the provider holds', async () => {
    const member = await memberWithMoney(300, 'PG');
    await transfer(member, 'WALLET', 'PG', 100);
    expect((await play('PG', `bw${member.id}`, 10, 60)).body).toEqual({ balance: 150 });
    // Booked 100, held at the provider 150: more than 150 is refused and moves nothing.
    expect(await transfer(member, 'PG', 'WALLET', 150.01)).toMatchObject({ status: 422, body: { message: 'MONEY_NOT_ENOUGH' } });
    expect((await wallet(member)).body.wallet.amount).toBe(200);
    expect((await transfer(member, 'PG', 'WALLET', 150)).body).toEqual({ message: 'SUCCESS' });
    expect((await wallet(member)).body.wallet.amount).toBe(350);
    expect((await slotOf(member, 'PG')).amount).toBe(0);
    expect(await transfer(member, 'JOKER', 'WALLET', 5)).toMatchObject({ status: 404, body: { message: 'SLOT_NO_ACCOUNT' } });
    await expectLedgerExact();
  });

  it('refuses what the rules of SPEC §5 refuse, and changes nothing', async () => {
    const member = await memberWithMoney(50, 'PG');
    expect(await transfer(member, 'WALLET', 'PG', 0.5)).toMatchObject({ status: 422, body: { message: 'TRANSFER_MINIMUM' } });
    expect(await transfer(member, 'WALLET', 'PG', 0)).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await transfer(member, 'WALLET', 'PG', 1.005)).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await transfer(member, 'WALLET', 'PG', 50.01)).toMatchObject({ status: 422, body: { message: 'MONEY_NOT_ENOUGH' } });
    expect(await transfer(member, 'PG', 'PG', 5)).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await transfer(member, 'WALLET', 'JOKER', 5)).toMatchObject({ status: 404, body: { message: 'SLOT_NO_ACCOUNT' } });
    expect(await transfer(member, 'WALLET', 'NOPE', 5)).toMatchObject({ status: 404, body: { message: 'NO_GAME' } });
    expect(await transfer(member, 'PG', 'WALLET', 5)).toMatchObject({ status: 422, body: { message: 'MONEY_NOT_ENOUGH' } });
    expect(await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG' } })).toMatchObject({
      status: 400,
      body: { message: 'KEY_MISSING' },
    });
    expect((await wallet(member)).body.wallet.amount).toBe(50);
  });

  it('moves once for a repeated Idempotency-Key', async () => {
    const member = await memberWithMoney(100, 'PG');
    const key = `test-key-${member.id}`;
    const results = await Promise.all([1, 2, 3].map(() => transfer(member, 'WALLET', 'PG', 40, key)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect((await wallet(member)).body.wallet.amount).toBe(60);
    expect((await transfer(member, 'WALLET', 'PG', 40, key)).status).toBe(200);
    expect((await wallet(member)).body.wallet.amount).toBe(60);
  });

  it('moves between two games through the wallet, and everything back with transferAll', async () => {
    const member = await memberWithMoney(200, 'PG', 'UFABET', 'JOKER');
    await transfer(member, 'WALLET', 'PG', 80);
    expect((await transfer(member, 'PG', 'UFABET', 30)).body).toEqual({ message: 'SUCCESS' });
    expect((await slotOf(member, 'UFABET')).amount).toBe(30);
    await transfer(member, 'WALLET', 'JOKER', 20);
    const all = await server.api('POST', '/api/wallet/transferAll', { token: member.token, body: { to: 'WALLET' } });
    expect(all.body).toEqual({ message: 'SUCCESS', failed: [] });
    expect((await wallet(member)).body.wallet.amount).toBe(200);
    const toOne = await server.api('POST', '/api/wallet/transferAll', { token: member.token, body: { to: 'UFABET' } });
    expect(toOne.body.message).toBe('SUCCESS');
    expect((await wallet(member)).body.wallet.amount).toBe(0);
    expect((await slotOf(member, 'UFABET')).amount).toBe(200);
    await expectLedgerExact();
  });
});

describe('provider faults', () => {
  it('returns the money to the wallet when the provider refuses (TRANSFER_FAIL)', async () => {
    const member = await memberWithMoney(100, 'PG');
    await server.api('PUT', '/sandbox/provider/faults', { body: { failRate: 1 } });
    expect(await transfer(member, 'WALLET', 'PG', 30)).toMatchObject({ status: 502, body: { message: 'TRANSFER_FAIL' } });
    expect((await wallet(member)).body.wallet.amount).toBe(100);
    await expectLedgerExact();
  });

  it('leaves a timed-out transfer pending, then the reconciler settles it from the provider', async () => {
    const member = await memberWithMoney(100, 'PG');
    await server.api('PUT', '/sandbox/provider/faults', { body: { timeoutRate: 1 } });
    expect(await transfer(member, 'WALLET', 'PG', 30)).toMatchObject({ status: 202, body: { message: 'TRANSFER_PENDING' } });
    expect((await wallet(member)).body.wallet.amount).toBe(70);
    await server.api('PUT', '/sandbox/provider/faults', { body: {} });
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // let the hung sandbox request finish
    await server.app.providerTransfers.reconcile();
    const pending = await server.db.selectFrom('provider_transfers').select('status').where('member_id', '=', BigInt(member.id)).execute();
    expect(pending.map((row) => row.status)).not.toContain('pending');
    await server.api('GET', '/api/wallet/refresh/slot', { token: member.token });
    const view = (await wallet(member)).body;
    const pg = view.slots.find((slot: { code: string }) => slot.code === 'PG');
    expect(view.wallet.amount + pg.amount * pg.ftWalletSlot).toBe(100);
    await expectLedgerExact();
  });

  // The provider applies a transfer we are still waiting on: any balance it reports meanwhile already holds it.
  async function pendingButApplied(member: Member, code: string, baht: number) {
    await server.api('PUT', '/sandbox/provider/faults', { body: { latencyMs: 1_000 } });
    expect(await transfer(member, 'WALLET', code, baht)).toMatchObject({ status: 202, body: { message: 'TRANSFER_PENDING' } });
    await server.api('PUT', '/sandbox/provider/faults', { body: {} });
    await new Promise((resolve) => setTimeout(resolve, 600)); // let the slow sandbox request finish
  }
  const creditsAtProvider = async (code: string, username: string) =>
    Number((await server.db.selectFrom('sandbox_provider_players').select('credits').where('provider_code', '=', code).where('username', '=', username).executeTakeFirstOrThrow()).credits) / 100;

  it('counts a transfer once on the card when a balance sync saw it before the reconciler settled it', async () => {
    const member = await memberWithMoney(500, 'JOKER');
    await pendingButApplied(member, 'JOKER', 100);
    expect((await server.api('GET', '/api/wallet/refresh/slot', { token: member.token })).body).toEqual({ message: 'OK', failed: [] });
    expect(await server.app.providerTransfers.reconcile()).toMatchObject({ settled: 1 });
    const joker = await slotOf(member, 'JOKER');
    expect(joker.amount).toBe(200);
    expect(joker.amount).toBe(await creditsAtProvider('JOKER', joker.username));
    expect((await wallet(member)).body.wallet.amount).toBe(400);
    await expectLedgerExact();
  });

  it('counts a transfer once on the card when another transfer’s answer included it before the reconciler settled it', async () => {
    const member = await memberWithMoney(500, 'JOKER');
    await pendingButApplied(member, 'JOKER', 10);
    // The provider answers this one with its balance: both transfers' credits are in it.
    expect((await transfer(member, 'WALLET', 'JOKER', 20)).body).toEqual({ message: 'SUCCESS' });
    expect(await server.app.providerTransfers.reconcile()).toMatchObject({ settled: 1 });
    const joker = await slotOf(member, 'JOKER');
    expect(joker.amount).toBe(60);
    expect(joker.amount).toBe(await creditsAtProvider('JOKER', joker.username));
    await expectLedgerExact();
  });

  it('shows the game balance the reconciler settled, without a refresh', async () => {
    const member = await memberWithMoney(500, 'JOKER');
    expect((await transfer(member, 'WALLET', 'JOKER', 200)).body).toEqual({ message: 'SUCCESS' });
    expect((await slotOf(member, 'JOKER')).amount).toBe(400);
    // Slower than our 700 ms timeout: the provider applies both, but we hear nothing.
    await server.api('PUT', '/sandbox/provider/faults', { body: { latencyMs: 1_000 } });
    expect(await transfer(member, 'JOKER', 'WALLET', 75.25)).toMatchObject({ status: 202, body: { message: 'TRANSFER_PENDING' } });
    expect(await transfer(member, 'WALLET', 'JOKER', 10)).toMatchObject({ status: 202, body: { message: 'TRANSFER_PENDING' } });
    await server.api('PUT', '/sandbox/provider/faults', { body: {} });
    await new Promise((resolve) => setTimeout(resolve, 600)); // let the slow sandbox requests finish
    expect(await server.app.providerTransfers.reconcile()).toMatchObject({ settled: 2 });
    // The provider holds 400 - 150.5 + 20 credits; the card says so without the member pressing refresh.
    const joker = await slotOf(member, 'JOKER');
    expect(joker.amount).toBe(269.5);
    const atProvider = await server.db
      .selectFrom('sandbox_provider_players')
      .select('credits')
      .where('provider_code', '=', 'JOKER')
      .where('username', '=', joker.username)
      .executeTakeFirstOrThrow();
    expect(joker.amount).toBe(Number(atProvider.credits) / 100);
    expect((await wallet(member)).body.wallet.amount).toBe(500 - 200 + 75.25 - 10);
    await expectLedgerExact();
  });

  it('refreshes the other providers when one is slow', async () => {
    const member = await memberWithMoney(100, 'PG', 'UFABET');
    await transfer(member, 'WALLET', 'UFABET', 10);
    await server.api('PUT', '/sandbox/provider/faults', { body: { slotCode: 'PG', latencyMs: 6_000 } });
    const refreshed = await server.api('GET', '/api/wallet/refresh/slot', { token: member.token });
    expect(refreshed.body).toEqual({ message: 'OK', failed: ['PG'] });
  }, 20_000);

  it('creates and loses no money at 30% failures and 30% timeouts, once reconciled', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => memberWithMoney(1_000, 'PG', 'JOKER')));
    await server.api('PUT', '/sandbox/provider/faults', { body: { failRate: 0.3, timeoutRate: 0.3 } });
    await Promise.all(
      members.map(async (member, index) => {
        for (let round = 0; round < 8; round += 1) {
          const code = round % 2 ? 'JOKER' : 'PG';
          await transfer(member, 'WALLET', code, 50 + index);
          await play(code, `bw${member.id}`, 5, round % 3 === 0 ? 12 : 0);
          await transfer(member, code, 'WALLET', 20);
        }
      }),
    );
    await server.api('PUT', '/sandbox/provider/faults', { body: {} });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await server.app.providerTransfers.reconcile();
    expect(await server.db.selectFrom('provider_transfers').select('id').where('status', '=', 'pending').execute()).toEqual([]);
    for (const member of members) await server.api('GET', '/api/wallet/refresh/slot', { token: member.token });
    await expectLedgerExact();

    // What the ledger says each member has at each provider is what the provider says.
    for (const member of members) {
      const view = (await wallet(member)).body;
      const balances = await server.app.ledger.memberBalances(BigInt(member.id));
      for (const code of ['PG', 'JOKER']) {
        const slot = view.slots.find((candidate: { code: string }) => candidate.code === code);
        const booked = balances.find((account) => account.provider_code === code)?.balance ?? 0n;
        expect(Math.floor(slot.amount * slot.ftWalletSlot * 100) / 100, `${member.id} ${code}`).toBe(Number(booked) / 100);
      }
    }
  }, 120_000);
});

describe('transfers under concurrency', () => {
  it('lets 200 concurrent requests moving the whole wallet to a game leave it never negative and the ledger exact', async () => {
    const member = await memberWithMoney(1_000, 'PG', 'UFABET');
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) => transfer(member, 'WALLET', index % 2 ? 'PG' : 'UFABET', 1_000, `race-${member.id}-${index}`)),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 422).every((result) => result.body.message === 'MONEY_NOT_ENOUGH')).toBe(true);
    expect(statuses.filter((status) => status !== 200 && status !== 422)).toEqual([]);
    const view = (await wallet(member)).body;
    expect(view.wallet.amount).toBe(0);
    const inGames = view.slots.filter((slot: { isActive: boolean }) => slot.isActive).reduce((sum: number, slot: { amount: number; ftWalletSlot: number }) => sum + slot.amount * slot.ftWalletSlot, 0);
    expect(inGames).toBe(1_000);
    await expectLedgerExact();
  }, 60_000);
});
