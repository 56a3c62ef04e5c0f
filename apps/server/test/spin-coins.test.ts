import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/modules/ledger/accounts.js';
import { type TestServer, registerMember, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
const profileOf = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body;
async function payQr(member: Member, amount: number): Promise<string> {
  const qr = await server.api('POST', '/api/qrcode/KBANK', { token: member.token, body: { amount } });
  await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.body.qrcodeId } });
  return qr.body.qrcodeId;
}

describe('spin coins (issue 13 §1)', () => {
  it('are earned by confirmed deposits at 1 coin per 100 baht, the remainder carried, once per deposit', async () => {
    const member = await registerMember(server);
    const first = await payQr(member, 250);
    expect((await profileOf(member)).profile.coin).toBe(2);
    // The gateway delivering the same payment again credits nothing and grants nothing.
    await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: first } });
    // Past the settings cache (2 s): the deposit's handlers read the settings inside its transaction
    // (on the embedded database a read outside it would wait for it forever).
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await payQr(member, 50);
    const view = await profileOf(member);
    expect(view.profile.coin).toBe(3);
    // Coins are not money: the wallet holds the deposits only.
    expect(view.wallet.amount).toBe(300);
    const report = await server.app.ledger.verify();
    expect(report.ok).toBe(true);
    expect(report.sumOfBalances.COIN).toBe(0n);
  });

  it('never move into or out of money: the database refuses a transfer between coins and a wallet', async () => {
    const member = await registerMember(server);
    await payQr(member, 100);
    const memberId = BigInt(member.id);
    await expect(server.app.ledger.post({ key: `coins-to-money:${member.id}`, from: accounts.coins(memberId), to: accounts.wallet(memberId), amount: 1n, kind: 'adjustment' })).rejects.toThrow();
    expect((await profileOf(member)).profile.coin).toBe(1);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });
});
