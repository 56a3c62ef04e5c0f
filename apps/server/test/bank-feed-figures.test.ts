import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, startTestServer, type TestServer } from './harness.js';

// Money in without staff, in figures: how long a member's bank transfer takes to be credited, and
// how many are credited without staff, for finance (API) and monitoring (/metrics).
let server: TestServer;
let chief: string;
let finance: string;
const FEED_ACCOUNT = '4061234567'; // the demo's SCB account, AUTO
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
  await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'till', password: 'till-pass-1234', roles: ['finance'] } });
  finance = (await server.api('POST', '/api/admin/login', { body: { username: 'till', password: 'till-pass-1234' } })).body.token;
});
afterAll(() => server.close());

interface Period {
  period: 'today' | 'days30';
  from: number;
  received: number;
  byItself: number;
  byOperators: number;
  waiting: number;
  shareByItself: number | null;
  delaySeconds: { byItself: { p50: number; p95: number } | null; byOperators: { p50: number; p95: number } | null };
}
const figures = async () => {
  const answer = await server.api('GET', '/api/admin/bank-credits/figures', { token: finance });
  expect(answer.status).toBe(200);
  return Object.fromEntries((answer.body.periods as Period[]).map((period) => [period.period, period])) as Record<Period['period'], Period>;
};
const metric = async (line: RegExp) => {
  const text = (await server.api('GET', '/metrics', { token: chief })).body as string;
  const found = text.split('\n').find((row) => line.test(row));
  return found === undefined ? undefined : Number(found.split(' ').at(-1));
};

describe('bank deposits credited without staff, in figures', () => {
  it('nothing received: no share, no delays', async () => {
    const { days30, today } = await figures();
    expect(days30).toMatchObject({ received: 0, byItself: 0, byOperators: 0, waiting: 0, shareByItself: null, delaySeconds: { byItself: null, byOperators: null } });
    expect(today.from).toBeGreaterThanOrEqual(days30.from + 29 * 24 * 3600_000);
    expect(await metric(/^wallet_bank_deposits_without_staff_ratio\{/)).toBeUndefined();
  });

  it('the transfer-to-credit seconds of the feed’s credits and the operators’, and the share without staff of all received', async () => {
    const member = await registerMember(server);
    const transfer = async (minutesAgo: number, fromAccountNo = member.payload.bankAccountNo as string) => {
      const sent = await server.api('POST', '/sandbox/bank/transfers', { body: { amount: 100, minutesAgo, toAccountNo: FEED_ACCOUNT, toBankCode: 'SCB', fromBankCode: 'SCB', fromAccountNo } });
      expect(sent.status).toBe(200);
      return sent.body.transRef as string;
    };
    const started = server.clock.now().getTime();
    await transfer(10);
    await transfer(3);
    const stranger = await transfer(0, '9876543210');
    await server.app.bankFeed.read();

    let { days30, today } = await figures();
    expect(days30).toMatchObject({ received: 3, byItself: 2, byOperators: 0, waiting: 1, delaySeconds: { byOperators: null } });
    expect(days30.shareByItself).toBeCloseTo(2 / 3, 5);
    // 600 s and 180 s, and the seconds the test has taken since: the median between them, the 95th near the longer.
    const slack = (Date.now() - started) / 1000 + 2;
    expect(days30.delaySeconds.byItself!.p50).toBeGreaterThanOrEqual(390 - 1);
    expect(days30.delaySeconds.byItself!.p50).toBeLessThanOrEqual(390 + slack);
    expect(days30.delaySeconds.byItself!.p95).toBeGreaterThanOrEqual(579 - 1);
    expect(days30.delaySeconds.byItself!.p95).toBeLessThanOrEqual(579 + slack);
    // Today is the site's calendar day: a transfer ten minutes ago may be yesterday's.
    const bookedToday = [10, 3, 0].filter((minutesAgo) => started - minutesAgo * 60_000 >= today.from).length;
    expect(today.received).toBe(bookedToday);

    // The stranger's line waits; one operator names the member, a second credits it.
    const waiting = await server.db.selectFrom('bank_credits').select('id').where('bank_ref', '=', stranger).executeTakeFirstOrThrow();
    for (const token of [finance, chief]) {
      expect((await server.api('POST', `/api/admin/bank-credits/${waiting.id}/assign`, { token, body: { memberId: member.id } })).status).toBe(200);
    }
    ({ days30, today } = await figures());
    expect(days30).toMatchObject({ received: 3, byItself: 2, byOperators: 1, waiting: 0 });
    expect(days30.shareByItself).toBeCloseTo(2 / 3, 5);
    expect(days30.delaySeconds.byOperators!.p50).toBeGreaterThanOrEqual(0);
    expect(days30.delaySeconds.byOperators!.p50).toBeLessThanOrEqual(slack + 60);

    // Monitoring: each credit observed once, by who credited it; the share as the API says.
    expect(await metric(/^wallet_bank_deposit_transfer_to_credit_seconds_count\{by="feed"\}/)).toBe(2);
    expect(await metric(/^wallet_bank_deposit_transfer_to_credit_seconds_count\{by="operators"\}/)).toBe(1);
    expect(await metric(/^wallet_bank_deposit_transfer_to_credit_seconds_bucket\{le="300",by="feed"\}/)).toBe(1);
    expect(await metric(/^wallet_bank_deposits_without_staff_ratio\{period="days30"\}/)).toBeCloseTo(2 / 3, 5);
    // A repeated read credits nothing more and observes nothing more.
    await server.app.bankFeed.read();
    expect(await metric(/^wallet_bank_deposit_transfer_to_credit_seconds_count\{by="feed"\}/)).toBe(2);
  });

  it('is for finance and admins only', async () => {
    const member = await registerMember(server);
    expect((await server.api('GET', '/api/admin/bank-credits/figures', { token: member.token })).status).toBe(401);
    await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'helpdesk', password: 'helpdesk-pass-1234', roles: ['support'] } });
    const support = (await server.api('POST', '/api/admin/login', { body: { username: 'helpdesk', password: 'helpdesk-pass-1234' } })).body.token;
    expect((await server.api('GET', '/api/admin/bank-credits/figures', { token: support })).status).toBe(403);
  });
});
