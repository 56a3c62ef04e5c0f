import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('statement', () => {
  it('lists every movement newest first, with type, direction, status and amount, paged', async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    await fundWallet(server, member.id, 1_000);
    await fundWallet(server, other.id, 50);
    await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
    await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 200 } });
    await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'PG', to: 'WALLET', amount: 50 } });
    await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 100 } });

    const page = (pageNumber: number, limit: number) => server.api('POST', '/api/statement', { token: member.token, body: { page: pageNumber, limit } });
    const all = await page(1, 10);
    expect(all.body.total).toBe(4);
    expect(all.body.statements.map((entry: { statementType: string; from: string; to: string; amount: number; status: string }) => [entry.statementType, entry.from, entry.to, entry.amount, entry.status])).toEqual([
      ['withdraw', 'WALLET', member.payload.bankCode, 100, 'in_progress'],
      ['transfer', 'PG', 'WALLET', 50, 'SUCCESS'],
      ['transfer', 'WALLET', 'PG', 200, 'SUCCESS'],
      ['deposit', 'OPERATOR', 'WALLET', 1_000, 'SUCCESS'],
    ]);
    const second = await page(2, 3);
    expect(second.body).toMatchObject({ total: 4, statements: [expect.objectContaining({ statementType: 'deposit' })] });
  });

  it('refuses bad paging and shows nobody else’s movements', async () => {
    const member = await registerMember(server);
    expect((await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } })).body).toEqual({ total: 0, statements: [] });
    for (const body of [{ page: 0, limit: 10 }, { page: 1, limit: 51 }, { page: 1.5, limit: 10 }, { page: '1', limit: 10 }]) {
      expect(await server.api('POST', '/api/statement', { token: member.token, body })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    expect(await server.api('POST', '/api/statement', { token: member.token, body: { page: 1 } })).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });
  });
});
