import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/modules/ledger/accounts.js';
import { type TestServer, fundWallet, playAndLose, registerMember, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
const profileOf = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body;
const coinsOf = async (member: Member) => (await profileOf(member)).profile.coin as number;
async function payQr(member: Member, amount: number): Promise<string> {
  const qr = await server.api('POST', '/api/qrcode/KBANK', { token: member.token, body: { amount } });
  await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.body.qrcodeId } });
  return qr.body.qrcodeId;
}
async function round(member: Member, bet: number, win: number) {
  const username = (await profileOf(member)).slots.find((slot: { code: string }) => slot.code === 'PG').username;
  await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username, bet, win } });
  await server.api('GET', '/api/wallet/refresh/slot', { token: member.token });
}
const transfer = (member: Member, from: string, to: string, amount: number) => server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from, to, amount } });

describe('spin coins: earned by play (DESIGN §6)', () => {
  it('come at 1 per 100 baht that games kept, the remainder carried, and a win takes none back nor earns any', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 1_000);
    await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
    expect((await transfer(member, 'WALLET', 'PG', 1_000)).status).toBe(200);
    await round(member, 250, 0);
    expect(await coinsOf(member)).toBe(2);
    await round(member, 100, 0);
    expect(await coinsOf(member)).toBe(3); // 350 lost: the 50 carried from before
    await round(member, 100, 300); // a win of 200: no coins, none taken
    expect(await coinsOf(member)).toBe(3);
    await round(member, 150, 0); // 150 lost, but only back up to the mark of 350: nothing new
    expect(await coinsOf(member)).toBe(3);
    await round(member, 100, 0); // 450 now: one more
    expect(await coinsOf(member)).toBe(4);
    const report = await server.app.ledger.verify();
    expect(report.ok).toBe(true);
    expect(report.sumOfBalances.COIN).toBe(0n);
  });

  it('are never earned by money that only passes through: deposits, moves to a game and back, withdrawals', async () => {
    const member = await registerMember(server);
    await payQr(member, 3_000);
    await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
    for (let cycle = 0; cycle < 3; cycle += 1) {
      expect((await transfer(member, 'WALLET', 'PG', 3_000)).status).toBe(200);
      await server.api('GET', '/api/wallet/refresh/slot', { token: member.token });
      expect((await transfer(member, 'PG', 'WALLET', 3_000)).status).toBe(200);
    }
    expect((await server.api('POST', '/api/wallet/withdrawAll', { token: member.token, body: { amount: 3_000 } })).status).toBe(200);
    expect(await coinsOf(member)).toBe(0);
  });

  it('never move into or out of money: the database refuses a transfer between coins and a wallet', async () => {
    const member = await registerMember(server);
    await playAndLose(server, member, 100);
    const memberId = BigInt(member.id);
    await expect(server.app.ledger.post({ key: `coins-to-money:${member.id}`, from: accounts.coins(memberId), to: accounts.wallet(memberId), amount: 1n, kind: 'adjustment' })).rejects.toThrow();
    expect(await coinsOf(member)).toBe(1);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });
});
