import crypto from 'node:crypto';
import { sql } from 'kysely';
import { SITE_PROFILES } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFiguresService, dayStartIn, periodStarts, shiftDay } from '../src/modules/figures/figures.service.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
const figures = (member: { token: string }) => server.api('GET', '/api/figures', { token: member.token });
const period = (body: { periods: { period: string }[] }, name: string) => body.periods.find((entry) => entry.period === name);
const transfer = (member: Member, from: string, to: string, amount: number) => server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from, to, amount } });

/** A deposit as the deposit module books it. */
const deposit = (memberId: string, satang: bigint) =>
  server.app.ledger.post({ key: `figures-test:${crypto.randomUUID()}`, from: accounts.depositClearing('bank'), to: accounts.wallet(BigInt(memberId)), amount: satang, kind: 'deposit' });

/** A transfer written as the ledger would have written it at `at` (the ledger stamps its own clock). */
async function backdatedTransfer(from: string, to: string, amount: bigint, kind: string, at: Date): Promise<void> {
  const ids = await server.db.selectFrom('ledger_accounts').select(['id', 'code', 'currency']).where('code', 'in', [from, to]).execute();
  const idOf = (code: string) => ids.find((row) => row.code === code)!;
  await sql`INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, currency, created_at)
    VALUES (${`backdated:${crypto.randomUUID()}`}, ${idOf(from).id}, ${idOf(to).id}, ${amount}, ${kind}, ${idOf(from).currency}, ${at.toISOString()}::timestamptz)`.execute(server.db);
}

describe('calendar arithmetic of the periods', () => {
  it('counts 7 and 30 days with today, and 12 months up to today, month ends clamped', () => {
    expect(periodStarts('2026-11-29')).toEqual({ today: '2026-11-29', days7: '2026-11-23', days30: '2026-10-31', months12: '2025-11-30' });
    expect(periodStarts('2026-03-01')).toEqual({ today: '2026-03-01', days7: '2026-02-23', days30: '2026-01-31', months12: '2025-03-02' });
    expect(shiftDay('2028-02-29', { months: -12 })).toBe('2027-02-28');
    expect(shiftDay('2026-03-31', { months: -1 })).toBe('2026-02-28');
  });

  it('starts a day at midnight in the site’s time zone', () => {
    expect(dayStartIn('2026-11-29', 'Asia/Bangkok').toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(dayStartIn('2026-11-29', 'Asia/Vientiane').toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(dayStartIn('2026-11-29', 'UTC').toISOString()).toBe('2026-11-29T00:00:00.000Z');
  });
});

describe('GET /api/figures', () => {
  it('is for a signed-in member only', async () => {
    expect((await server.api('GET', '/api/figures')).status).toBe(401);
    expect((await server.api('GET', '/api/figures', { token: 'not-a-token' })).status).toBe(401);
  });

  it('adds up the member’s deposits, paid withdrawals and game transfers, and never another member’s', async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    const empty = await figures(member);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ currency: 'THB', timeZone: 'Asia/Bangkok' });
    expect(empty.body.periods.map((entry: { period: string }) => entry.period)).toEqual(['today', 'days7', 'days30', 'months12']);
    for (const entry of empty.body.periods) expect(entry).toMatchObject({ deposits: 0, withdrawals: 0, netDeposits: 0, netGamePosition: 0 });

    const { ledger } = server.app;
    const wallet = accounts.wallet(BigInt(member.id));
    await deposit(member.id, 100_000n);
    const reversed = await deposit(member.id, 5_000n);
    await ledger.reverse({ key: `figures-test:${crypto.randomUUID()}`, transferId: reversed.id, reason: 'booked twice' });
    await fundWallet(server, member.id, 50); // an adjustment: not a deposit
    const paid = await ledger.hold({ key: `figures-test:${crypto.randomUUID()}`, from: wallet, via: accounts.withdrawalsPayable(), to: accounts.bankPayouts(), amount: 30_000n, kind: 'withdrawal' });
    await ledger.postHold({ key: `figures-test:${crypto.randomUUID()}`, holdId: paid.holdId, kind: 'withdrawal' });
    const returned = await ledger.hold({ key: `figures-test:${crypto.randomUUID()}`, from: wallet, via: accounts.withdrawalsPayable(), to: accounts.bankPayouts(), amount: 7_000n, kind: 'withdrawal' });
    await ledger.voidHold({ key: `figures-test:${crypto.randomUUID()}`, holdId: returned.holdId, kind: 'withdrawal_return' });
    // Held, not yet paid: not a withdrawal.
    await ledger.hold({ key: `figures-test:${crypto.randomUUID()}`, from: wallet, via: accounts.withdrawalsPayable(), to: accounts.bankPayouts(), amount: 1_000n, kind: 'withdrawal' });
    // 300 baht to JOKER, 120.50 back: 179.50 baht are with the games.
    await server.api('GET', '/api/wallet/activate/JOKER', { token: member.token });
    expect((await transfer(member, 'WALLET', 'JOKER', 300)).body).toEqual({ message: 'SUCCESS' });
    expect((await transfer(member, 'JOKER', 'WALLET', 120.5)).body).toEqual({ message: 'SUCCESS' });

    // The other member deposits, withdraws and plays too: none of it is the first member's.
    await deposit(other.id, 999_900n);
    await server.api('GET', '/api/wallet/activate/JOKER', { token: other.token });
    expect((await transfer(other, 'WALLET', 'JOKER', 2000)).body).toEqual({ message: 'SUCCESS' });

    const answer = await figures(member);
    expect(answer.status).toBe(200);
    for (const name of ['today', 'days7', 'days30', 'months12']) {
      expect(period(answer.body, name)).toMatchObject({ deposits: 1000, withdrawals: 300, netDeposits: 700, netGamePosition: -179.5 });
    }
    const theirs = await figures(other);
    expect(period(theirs.body, 'today')).toMatchObject({ deposits: 9999, withdrawals: 0, netDeposits: 9999, netGamePosition: -2000 });
  });

  it('puts each movement in the periods its site day falls in, to the millisecond at each period’s first midnight', async () => {
    const member = await registerMember(server);
    await deposit(member.id, 1n); // opens the accounts the backdated transfers use
    const now = new Date('2026-06-15T10:00:00+07:00');
    const service = createFiguresService({ db: server.db, site: SITE_PROFILES.th, now: () => now, sessions: { liveSessions: async () => [] }, realityCheckDefault: async () => 60 });
    const wallet = accounts.wallet(BigInt(member.id)).code;
    const clearing = accounts.depositClearing('bank').code;
    const at = (instant: string) => new Date(instant);
    // Midnights in Bangkok: today 2026-06-15, 7 days from 06-09, 30 days from 05-17, 12 months from 2025-06-16.
    const placed: [string, bigint][] = [
      ['2026-06-15T00:00:00.000+07:00', 1_00n], // today's first instant
      ['2026-06-14T23:59:59.999+07:00', 10_00n], // yesterday's last
      ['2026-06-09T00:00:00.000+07:00', 100_00n], // the 7 days' first instant
      ['2026-06-08T23:59:59.999+07:00', 1_000_00n],
      ['2026-05-17T00:00:00.000+07:00', 10_000_00n], // the 30 days' first instant
      ['2026-05-16T23:59:59.999+07:00', 100_000_00n],
      ['2025-06-16T00:00:00.000+07:00', 1_000_000_00n], // the 12 months' first instant
      ['2025-06-15T23:59:59.999+07:00', 10_000_000_00n], // before every period
    ];
    for (const [instant, amount] of placed) await backdatedTransfer(clearing, wallet, amount, 'deposit', at(instant));
    // A game transfer out of the wallet yesterday, back today.
    const game = accounts.providerInFlight('JOKER').code;
    await server.api('GET', '/api/wallet/activate/JOKER', { token: member.token });
    await server.app.ledger.post({ key: `figures-test:${crypto.randomUUID()}`, from: accounts.adjustments(), to: accounts.providerInFlight('JOKER'), amount: 1n, kind: 'adjustment' });
    await backdatedTransfer(wallet, game, 40_00n, 'provider_hold', at('2026-06-14T22:00:00+07:00'));
    await backdatedTransfer(game, wallet, 15_00n, 'provider_post', at('2026-06-15T01:00:00+07:00'));

    const answer = await service.figures({ memberId: BigInt(member.id), sessionId: crypto.randomUUID(), currency: 'THB' });
    expect(answer.today).toBe('2026-06-15');
    const byPeriod = Object.fromEntries(answer.periods.map((entry) => [entry.period, entry]));
    // The deposit made with the real clock (0.01) is after this "now" and in every period.
    expect(byPeriod.today).toMatchObject({ from: '2026-06-15', deposits: 1.01, netGamePosition: 15 });
    expect(byPeriod.days7).toMatchObject({ from: '2026-06-09', deposits: 111.01, netGamePosition: -25 });
    expect(byPeriod.days30).toMatchObject({ from: '2026-05-17', deposits: 11_111.01, netGamePosition: -25 });
    expect(byPeriod.months12).toMatchObject({ from: '2025-06-16', deposits: 1_111_111.01, netDeposits: 1_111_111.01 });
  });
});

describe('reality checks', () => {
  it('keeps each member’s interval, 60 minutes until they choose, 10 to 120 whole minutes', async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    const read = (who: Member) => server.api('GET', '/api/figures/reality-check', { token: who.token });
    const write = (who: Member, body: unknown) => server.api('PUT', '/api/figures/reality-check', { token: who.token, body });
    expect((await read(member)).body).toEqual({ intervalMinutes: 60 });
    expect(await write(member, { intervalMinutes: 10 })).toMatchObject({ status: 200, body: { intervalMinutes: 10 } });
    expect(await write(member, { intervalMinutes: 120 })).toMatchObject({ status: 200, body: { intervalMinutes: 120 } });
    expect(await write(member, { intervalMinutes: 25 })).toMatchObject({ status: 200, body: { intervalMinutes: 25 } });
    for (const bad of [9, 121, 30.5, '30', null, -60, 0]) {
      expect(await write(member, { intervalMinutes: bad }), String(bad)).toMatchObject({ status: 400, body: { message: 'REALITY_CHECK_INTERVAL' } });
    }
    expect(await write(member, {})).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });
    expect((await read(member)).body).toEqual({ intervalMinutes: 25 });
    expect((await read(other)).body).toEqual({ intervalMinutes: 60 });
  });

  it('asks who is calling before what they sent', async () => {
    expect(await server.api('PUT', '/api/figures/reality-check', { body: { intervalMinutes: 5 } })).toMatchObject({ status: 401 });
    expect((await server.api('GET', '/api/figures/reality-check')).status).toBe(401);
    expect((await server.api('GET', '/api/figures/reality-check/summary')).status).toBe(401);
  });

  it('sums the session since its own sign-in: games since then, deposits since the day began', async () => {
    const member = await registerMember(server);
    await deposit(member.id, 200_000n);
    await server.api('GET', '/api/wallet/activate/JOKER', { token: member.token });
    expect((await transfer(member, 'WALLET', 'JOKER', 500)).body).toEqual({ message: 'SUCCESS' });
    // A second sign-in: its session saw none of that play.
    const login = await server.api('POST', '/api/login', { body: { username: member.payload.username, password: member.payload.password } });
    const later = { ...member, token: login.body.token as string };
    const session = await server.db.selectFrom('sessions').select('created_at').where('member_id', '=', BigInt(member.id)).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect((await transfer(later, 'JOKER', 'WALLET', 200)).body).toEqual({ message: 'SUCCESS' });
    await deposit(member.id, 10_000n);
    // Twenty-five minutes on, which may be the next day in Bangkok: then the deposits were yesterday's.
    const bangkokDay = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const before = server.clock.now();
    server.clock.advance(25 * 60_000);
    const depositsToday = bangkokDay(before) === bangkokDay(server.clock.now()) ? 2100 : 0;

    const summary = await server.api('GET', '/api/figures/reality-check/summary', { token: later.token });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ currency: 'THB', signedInAt: new Date(session.created_at).toISOString(), netGamePosition: 200, depositsToday });
    expect(summary.body.secondsSinceSignIn).toBeGreaterThanOrEqual(25 * 60);
    expect(summary.body.secondsSinceSignIn).toBeLessThan(26 * 60);
    const first = await server.api('GET', '/api/figures/reality-check/summary', { token: member.token });
    expect(first.body).toMatchObject({ netGamePosition: -300, depositsToday });
    expect(new Date(first.body.signedInAt).getTime()).toBeLessThanOrEqual(new Date(summary.body.signedInAt).getTime());
  });
});
