import { sql } from 'kysely';
import { SITE_PROFILES } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDailyFigures } from '../src/modules/books/daily-figures.service.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { type TestServer, insertTestMember, playAndLose, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'figures-admin', password: 'figures-pass-1' });
  admin = (await server.api('POST', '/api/admin/login', { body: { username: 'figures-admin', password: 'figures-pass-1' } })).body.token;
});
afterAll(() => server.close());

const daily = (query: string) => server.api('GET', `/api/admin/books/daily?${query}`, { token: admin });
const figuresOf = async (day: string, currency = 'THB') => {
  const answer = await daily(`from=${day}&to=${day}&currency=${currency}`);
  expect(answer.status).toBe(200);
  return answer.body.days[0];
};
const bangkokDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const diff = (after: string, before: string) => BigInt(after) - BigInt(before);
const reopenedEntries = async () =>
  (await server.db.selectFrom('audit_log').select(['actor', 'detail']).where('action', '=', 'books.day_reopened').orderBy('position').execute()).map((row) => ({
    actor: row.actor,
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as { day: string; currency: string; lateResults: number },
  }));

/** A transfer written as the ledger would have written it at `at` (the ledger stamps its own clock). */
async function backdatedTransfer(from: string, to: string, amount: bigint, kind: string, at: string): Promise<void> {
  const ids = await server.db.selectFrom('ledger_accounts').select(['id', 'code', 'currency']).where('code', 'in', [from, to]).execute();
  const idOf = (code: string) => ids.find((row) => row.code === code)!;
  await sql`INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, currency, created_at)
    VALUES (${`backdated:${crypto.randomUUID()}`}, ${idOf(from).id}, ${idOf(to).id}, ${amount}, ${kind}, ${idOf(from).currency}, ${at}::timestamptz)`.execute(server.db);
}

describe('the daily figures from the ledger', () => {
  let memberId: bigint;

  it('adds up one day of a member: deposits, a loss at the games, rewards net of what a condition took back, a paid withdrawal', async () => {
    await server.app.dailyFigures.sweep();
    const today = bangkokDay(new Date());
    expect((await daily(`from=${today}&to=${today}`)).body.timeZone).toBe('Asia/Bangkok');
    const before = await figuresOf(today);

    const member = await registerMember(server);
    memberId = BigInt(member.id);
    const { ledger } = server.app;
    const wallet = accounts.wallet(memberId);
    await ledger.post({ key: `t:${member.id}:dep1`, from: accounts.depositClearing('bank'), to: wallet, amount: 100_000n, kind: 'deposit' });
    await ledger.post({ key: `t:${member.id}:dep2`, from: accounts.depositClearing('truemoney'), to: wallet, amount: 20_000n, kind: 'deposit' });
    await playAndLose(server, member, 300); // funds 300 baht by an adjustment (no figure), loses them at PG
    await ledger.post({ key: `t:${member.id}:bonus`, from: accounts.rewardExpense('bonus'), to: wallet, amount: 5_000n, kind: 'bonus' });
    await ledger.post({ key: `t:${member.id}:clear`, from: wallet, to: accounts.rewardExpense('bonus'), amount: 2_000n, kind: 'bonus_clear' });
    await ledger.post({ key: `t:${member.id}:promo`, from: accounts.rewardExpense('promotion'), to: wallet, amount: 3_000n, kind: 'bonus' });
    await ledger.post({ key: `t:${member.id}:spin`, from: accounts.rewardExpense('spin'), to: wallet, amount: 1_000n, kind: 'spin_prize' });
    const paid = await ledger.hold({ key: `t:${member.id}:w1`, from: wallet, via: accounts.withdrawalsPayable(), to: accounts.bankPayouts(), amount: 40_000n, kind: 'withdrawal' });
    await ledger.postHold({ key: `t:${member.id}:w1:paid`, holdId: paid.holdId, kind: 'withdrawal' });
    // Held, not paid: no withdrawal yet.
    await ledger.hold({ key: `t:${member.id}:w2`, from: wallet, via: accounts.withdrawalsPayable(), to: accounts.bankPayouts(), amount: 10_000n, kind: 'withdrawal' });

    await server.app.dailyFigures.sweep();
    const after = await figuresOf(today);
    // By hand, in satang: PG won 30,000; rewards cost bonus 5,000 - 2,000, promotion 3,000, spin 1,000 = 7,000.
    expect(diff(after.ggrByProvider.PG ?? '0', before.ggrByProvider.PG ?? '0')).toBe(30_000n);
    expect(diff(after.ggr, before.ggr)).toBe(30_000n);
    expect(diff(after.rewardCostByKind.bonus ?? '0', before.rewardCostByKind.bonus ?? '0')).toBe(3_000n);
    expect(diff(after.rewardCostByKind.promotion ?? '0', before.rewardCostByKind.promotion ?? '0')).toBe(3_000n);
    expect(diff(after.rewardCostByKind.spin ?? '0', before.rewardCostByKind.spin ?? '0')).toBe(1_000n);
    expect(diff(after.rewardCost, before.rewardCost)).toBe(7_000n);
    expect(diff(after.ngr, before.ngr)).toBe(23_000n);
    expect(diff(after.depositsByMethod.bank?.amount ?? '0', before.depositsByMethod.bank?.amount ?? '0')).toBe(100_000n);
    expect(diff(after.depositsByMethod.truemoney?.amount ?? '0', before.depositsByMethod.truemoney?.amount ?? '0')).toBe(20_000n);
    expect(after.deposits.count - before.deposits.count).toBe(2);
    expect(diff(after.withdrawals.amount, before.withdrawals.amount)).toBe(40_000n);
    expect(after.withdrawals.count - before.withdrawals.count).toBe(1);
    expect(after.registrations - before.registrations).toBe(1);
    expect(after.firstDepositors - before.firstDepositors).toBe(1);
    expect(after.activeMembers - before.activeMembers).toBe(1);

    // The rollup is what a recompute from scratch makes.
    expect(await server.app.dailyFigures.verify()).toMatchObject({ ok: true, differences: [] });
  });

  it('keeps kip apart from baht', async () => {
    await server.app.dailyFigures.sweep();
    const today = bangkokDay(new Date());
    const [thbBefore, lakBefore] = [await figuresOf(today, 'THB'), await figuresOf(today, 'LAK')];
    const kipMember = await insertTestMember(server.db);
    await server.db.updateTable('members').set({ currency: 'LAK' }).where('id', '=', kipMember).execute();
    await server.app.ledger.post({ key: `t:${kipMember}:dep`, from: accounts.depositClearing('bank'), to: accounts.wallet(kipMember), amount: 5_000_000n, kind: 'deposit' });
    await server.app.dailyFigures.sweep();

    const [thb, lak] = [await figuresOf(today, 'THB'), await figuresOf(today, 'LAK')];
    expect(diff(lak.depositsByMethod.bank.amount, lakBefore.depositsByMethod.bank?.amount ?? '0')).toBe(5_000_000n);
    expect(lak.firstDepositors - lakBefore.firstDepositors).toBe(1);
    expect(lak.registrations - lakBefore.registrations).toBe(1);
    expect(thb).toEqual(thbBefore);
    expect(await server.app.dailyFigures.verify()).toMatchObject({ ok: true });
  });

  it('counts a day in the operator’s time zone: 23:30 UTC is the next morning in Bangkok', async () => {
    const game = accounts.game(memberId, 'PG').code;
    await backdatedTransfer(game, 'operator:game-results:PG', 12_345n, 'game_result', '2026-01-14T23:30:00Z');
    await server.app.dailyFigures.sweep();

    expect((await figuresOf('2026-01-15')).ggrByProvider).toEqual({ PG: '12345' });
    expect((await figuresOf('2026-01-14')).ggr).toBe('0');
    const range = await daily('from=2026-01-14&to=2026-01-15&currency=THB');
    expect(range.body.days.map((day: { day: string; ggr: string; activeMembers: number }) => [day.day, day.ggr, day.activeMembers])).toEqual([
      ['2026-01-14', '0', 0],
      ['2026-01-15', '12345', 1],
    ]);
  });

  it('re-opens the day of a late game result, recomputes it and writes it into the audit log', async () => {
    const before = (await reopenedEntries()).filter((entry) => entry.detail.day === '2026-01-15').length;
    // The member won 2,345 back that afternoon, booked only now.
    await backdatedTransfer('operator:game-results:PG', accounts.game(memberId, 'PG').code, 2_345n, 'game_result', '2026-01-15T10:00:00Z');
    const swept = await server.app.dailyFigures.sweep();

    expect(swept.reopened).toEqual([{ day: '2026-01-15', currency: 'THB', transfers: 1 }]);
    expect((await figuresOf('2026-01-15')).ggrByProvider).toEqual({ PG: '10000' });
    const entries = (await reopenedEntries()).filter((entry) => entry.detail.day === '2026-01-15');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ actor: 'system', detail: { day: '2026-01-15', currency: 'THB', lateResults: 1 } });
    expect(await server.app.dailyFigures.verify()).toMatchObject({ ok: true });
  });

  it('finds a rollup that differs from the transfers', async () => {
    await sql`UPDATE ledger_daily_figures SET amount = amount + 1 WHERE day = '2026-01-15' AND figure = 'ggr'`.execute(server.db);
    const check = await server.app.dailyFigures.verify();
    expect(check.ok).toBe(false);
    expect(check.differences).toEqual([{ key: '2026-01-15 THB ggr PG', stored: { amount: '10001', count: '2' }, recomputed: { amount: '10000', count: '2' } }]);
    await sql`UPDATE ledger_daily_figures SET amount = amount - 1 WHERE day = '2026-01-15' AND figure = 'ggr'`.execute(server.db);
  });

  it('catches up from nothing a bounded slice of transfers per run, to the same figures', async () => {
    await server.app.dailyFigures.sweep();
    const before = await server.db.selectFrom('ledger_daily_figures').selectAll().orderBy(['day', 'currency', 'figure', 'dimension']).execute();
    await server.db.deleteFrom('ledger_daily_figures').execute();
    await server.db.updateTable('ledger_daily_figures_watermark').set({ last_transfer_id: 0n, last_member_id: 0n }).execute();
    const slow = createDailyFigures({ db: server.db, site: SITE_PROFILES.th, auditTrail: { record: async () => undefined }, now: () => new Date(), transfersPerRun: 3n });
    let runs = 0;
    for (let swept = await slow.sweep(); swept.behind; swept = await slow.sweep()) runs += 1;
    expect(runs).toBeGreaterThan(3);
    const after = await server.db.selectFrom('ledger_daily_figures').selectAll().orderBy(['day', 'currency', 'figure', 'dimension']).execute();
    expect(after).toEqual(before);
    expect(await server.app.dailyFigures.verify()).toMatchObject({ ok: true });
  });

  it('answers finance a range of at most 31 days', async () => {
    expect((await daily('from=2026-01-01&to=2026-01-31')).status).toBe(200);
    expect((await daily('from=2026-01-01&to=2026-02-01')).status).toBe(400);
    expect((await daily('from=2026-01-02&to=2026-01-01')).status).toBe(400);
    expect((await server.api('GET', '/api/admin/books/daily?from=2026-01-01&to=2026-01-02')).status).toBe(401);
  });
  // Last: it moves the server's clock a day on.
  it('is compared with a recompute by the scheduled proof of the books at 03:00, a difference a breach', async () => {
    await sql`UPDATE ledger_daily_figures SET amount = amount + 1 WHERE day = '2026-01-15' AND figure = 'ggr'`.execute(server.db);
    const bangkokHour = () => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Bangkok', hour: '2-digit', hourCycle: 'h23' }).format(server.clock.now()));
    const proofs: Array<{ hour: number; id: string }> = [];
    // Through a whole day, hour by hour: only the 03:00 proof compares the figures.
    for (let hours = 0; hours < 24; hours += 1) {
      server.clock.advance(60 * 60 * 1000);
      if ((await server.app.books.checkDue()).ran) proofs.push({ hour: bangkokHour(), id: String((await server.app.books.latest())!.id) });
    }
    expect(proofs).toHaveLength(24);
    const reports = await server.db.selectFrom('books_checks').select(['id', 'report']).where('id', 'in', proofs.map((proof) => BigInt(proof.id))).execute();
    const comparedAt = reports
      .filter((row) => (row.report as { problems: { check: string }[] }).problems.some((problem) => problem.check === 'dailyFiguresEqualRecompute'))
      .map((row) => proofs.find((proof) => proof.id === String(row.id))!.hour);
    expect(comparedAt).toEqual([3]);
    const found = reports.flatMap((row) => (row.report as { problems: { check: string; id: string; problem: string }[] }).problems.filter((problem) => problem.check === 'dailyFiguresEqualRecompute'));
    expect(found).toEqual([{ check: 'dailyFiguresEqualRecompute', id: '2026-01-15 THB ggr PG', problem: expect.stringContaining('"10001"') }]);
    await sql`UPDATE ledger_daily_figures SET amount = amount - 1 WHERE day = '2026-01-15' AND figure = 'ggr'`.execute(server.db);
  });

});
