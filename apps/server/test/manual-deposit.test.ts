import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let operator: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'manual-boss', password: 'manual-pass' });
  operator = (await server.api('POST', '/api/admin/login', { body: { username: 'manual-boss', password: 'manual-pass' } })).body.token;
});
afterAll(() => server.close());

const setManual = async (isManualDeposit: boolean) => {
  const result = await server.api('PUT', '/api/admin/settings/site', { token: operator, body: { isManualDeposit } });
  expect(result.body.isManualDeposit).toBe(isManualDeposit);
};

describe('manual deposit notices', () => {
  it('are refused unless the operator runs manual mode', async () => {
    const member = await registerMember(server);
    await setManual(false);
    expect(await server.api('POST', '/api/wallet/add', { token: member.token, body: { amount: 100 } })).toMatchObject({ status: 422, body: { message: 'DEPOSIT_MANUAL_OFF' } });
  });

  it('wait for an operator, who credits the wallet once, or refuses with a reason', async () => {
    await setManual(true);
    const member = await registerMember(server);
    const wallet = async () => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount;
    const first = await server.api('POST', '/api/wallet/add', { token: member.token, body: { amount: 250 }, headers: { 'idempotency-key': `notice-${member.id}-1` } });
    expect(first.body).toMatchObject({ message: 'SUCCESS', notice: { amount: 250, status: 'in_progress' } });
    const again = await server.api('POST', '/api/wallet/add', { token: member.token, body: { amount: 250 }, headers: { 'idempotency-key': `notice-${member.id}-1` } });
    expect(again.body.notice._id).toBe(first.body.notice._id);
    const second = await server.api('POST', '/api/wallet/add', { token: member.token, body: { amount: 80 } });
    expect(await wallet()).toBe(0);

    const pending = await server.api('GET', '/api/admin/deposit-notices?status=pending&limit=50', { token: operator });
    expect(pending.body.notices.filter((notice: { username: string }) => notice.username === member.payload.username)).toHaveLength(2);
    expect((await server.api('POST', `/api/admin/deposit-notices/${first.body.notice._id}/approve`, { token: operator })).body.status).toBe('SUCCESS');
    expect(await server.api('POST', `/api/admin/deposit-notices/${first.body.notice._id}/approve`, { token: operator })).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED', decidedBy: 'manual-boss' } });
    const refused = await server.api('POST', `/api/admin/deposit-notices/${second.body.notice._id}/fail`, { token: operator, body: { reason: 'no such transfer' } });
    expect(refused.body).toMatchObject({ status: 'FAILED', reason: 'no such transfer' });
    expect(await wallet()).toBe(250);

    const statement = (await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } })).body.statements;
    expect(statement.map((entry: { from: string; status: string; amount: number }) => [entry.from, entry.status, entry.amount]).sort()).toEqual(
      [['MANUAL', 'FAILED', 80], ['MANUAL', 'SUCCESS', 250]].sort(),
    );
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });
});
