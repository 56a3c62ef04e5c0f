import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpBankTransfer } from '../src/adapters/bank-transfer.js';
import { SANDBOX_TRANSFER_CLIENT } from '../src/config.js';
import { type TestServer, startTestServer } from './harness.js';

// The bank's fund-transfer adapter paying a PromptPay ID, over real HTTP against the sandbox bank,
// which pays the account the ID is registered to. The product pays withdrawals to the member's
// registered account only (ADR 0411); this is the adapter's own capability, proven here.
let server: TestServer;
const FROM = '4061234567';
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const bank = () => createHttpBankTransfer({ baseUrl: () => `${server.url}/sandbox/bank/api`, clientId: SANDBOX_TRANSFER_CLIENT.id, clientSecret: SANDBOX_TRANSFER_CLIENT.secret, timeoutMs: 5_000 });
const order = (promptPayId: string, amount: bigint) => ({ reference: `PP${crypto.randomBytes(6).toString('hex')}`, fromAccountNo: FROM, to: { promptPayId }, toName: 'SOMCHAI JAIDEE', amount, currency: 'THB' as const });
const made = async (reference: string) =>
  ((await server.api('GET', `/sandbox/bank/transfers-made?fromAccountNo=${FROM}`)).body.transfers as Array<Record<string, unknown>>).filter((transfer) => transfer.reference === reference);

describe('a transfer to a PromptPay ID', () => {
  it('pays the account the phone is registered to, once however often it is asked under one reference', async () => {
    expect((await server.api('PUT', '/sandbox/bank/promptpay-ids/0812345678', { body: { bankCode: '014', accountNo: '1112223334', accountName: 'SOMCHAI JAIDEE' } })).status).toBe(200);
    const adapter = bank();
    const first = order('0812345678', 12_345n);
    expect(await adapter.transfer(first)).toMatchObject({ status: 'SUCCESS', bankRef: expect.any(String) });
    expect(await adapter.transfer(first)).toMatchObject({ status: 'SUCCESS' });
    expect(await adapter.inquire(first.reference)).toMatchObject({ status: 'SUCCESS' });
    expect(await made(first.reference)).toEqual([expect.objectContaining({ promptPayId: '0812345678', toBankCode: '014', toAccountNo: '1112223334', amount: 123.45, requests: 2 })]);
  });

  it('pays a national ID as well', async () => {
    await server.api('PUT', '/sandbox/bank/promptpay-ids/1101700230708', { body: { bankCode: '004', accountNo: '5556667778', accountName: 'SOMSRI RAKDEE' } });
    const paid = order('1101700230708', 5_000n);
    expect(await bank().transfer(paid)).toMatchObject({ status: 'SUCCESS' });
    expect(await made(paid.reference)).toEqual([expect.objectContaining({ toBankCode: '004', toAccountNo: '5556667778' })]);
  });

  it('is refused for good when the ID is registered to no account, and nothing is paid', async () => {
    const refused = order('0899999999', 10_000n);
    expect(await bank().transfer(refused)).toEqual({ status: 'FAILED', failure: 'PROMPTPAY_NOT_REGISTERED' });
    expect(await made(refused.reference)).toEqual([expect.objectContaining({ status: 'FAILED' })]);
  });

  it('under a reference already used for another payee is the caller’s error, not a second transfer', async () => {
    await server.api('PUT', '/sandbox/bank/promptpay-ids/0823456789', { body: { bankCode: '014', accountNo: '2223334445', accountName: 'A B' } });
    const adapter = bank();
    const first = order('0823456789', 1_000n);
    await adapter.transfer(first);
    await expect(adapter.transfer({ ...first, to: { bankCode: '014', accountNo: '2223334445' } })).rejects.toThrow('409');
    expect(await made(first.reference)).toHaveLength(1);
  });

  it('is refused unless it names exactly one payee', async () => {
    const token = (await fetch(`${server.url}/sandbox/bank/api/oauth/token`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${SANDBOX_TRANSFER_CLIENT.id}:${SANDBOX_TRANSFER_CLIENT.secret}`).toString('base64')}` } }).then((response) => response.json())) as { access_token: string };
    const both = await fetch(`${server.url}/sandbox/bank/api/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
      body: JSON.stringify({ reference: 'BOTH1', fromAccountNo: FROM, promptPayId: '0812345678', toBankCode: '014', toAccountNo: '1112223334', toName: 'X', amount: '1.00', currency: 'THB' }),
    });
    expect(both.status).toBe(400);
  });
});
