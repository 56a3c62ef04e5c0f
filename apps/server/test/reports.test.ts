import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/modules/ledger/accounts.js';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let chief: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
});
afterAll(() => server.close());

const dashboard = async () => (await server.api('GET', '/api/admin/reports/dashboard?days=30', { token: chief })).body;

describe('the dashboard', () => {
  it('counts today’s deposits per method, payouts, new members, net gaming from the ledger, and what waits', async () => {
    const before = await dashboard();
    expect(before.days).toHaveLength(30);
    expect(before.timeZone).toBe('Asia/Bangkok');
    expect(before.today.date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(server.clock.now()));

    await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { isManualDeposit: true } });
    const member = await registerMember(server);
    const notice = await server.api('POST', '/api/wallet/add', { token: member.token, body: { amount: 300 } });
    await server.api('POST', `/api/admin/deposit-notices/${notice.body.notice._id}/approve`, { token: chief });
    const paid = await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 120 } });
    await server.api('POST', `/api/admin/withdrawals/${paid.body.withdrawal._id}/approve`, { token: chief });
    await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 100 } }); // still waiting

    // A member's play, as the settlement books it: 40 lost at JOKER, 15 won at PG.
    await fundWallet(server, member.id, 0.01);
    const memberId = BigInt(member.id);
    for (const [from, to, amount] of [
      [accounts.adjustments(), accounts.game(memberId, 'JOKER'), 4_000n],
      [accounts.game(memberId, 'JOKER'), accounts.gameResults('JOKER'), 4_000n],
      [accounts.gameResults('PG'), accounts.game(memberId, 'PG'), 1_500n],
    ] as const) {
      await server.app.ledger.post({ key: `report-test:${crypto.randomUUID()}`, from, to, amount, kind: from.code.startsWith('operator:adjust') ? 'adjustment' : 'game_result' });
    }

    const after = await dashboard();
    expect(after.today.deposits.MANUAL - (before.today.deposits.MANUAL ?? 0)).toBe(300);
    expect(after.today.depositCount - before.today.depositCount).toBe(1);
    expect(after.today.withdrawals - before.today.withdrawals).toBe(120);
    expect(after.today.newMembers - before.today.newMembers).toBe(1);
    expect(after.today.netGaming - before.today.netGaming).toBe(25);
    const withdrawals = after.queues.find((queue: { queue: string }) => queue.queue === 'withdrawals');
    expect(withdrawals.count).toBe(1);
    expect(new Date(withdrawals.oldestAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('is for the roles that run the business, not support', async () => {
    await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'desk', password: 'desk-pass-11', roles: ['support'] } });
    const desk = (await server.api('POST', '/api/admin/login', { body: { username: 'desk', password: 'desk-pass-11' } })).body.token;
    expect((await server.api('GET', '/api/admin/reports/dashboard', { token: desk })).status).toBe(403);
  });
});
