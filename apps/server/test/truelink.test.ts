import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/adapters/payment-gateway.js';
import { type TestServer, registerMember, startTestServer } from './harness.js';

const TRUEMONEY_SECRET = 'truemoney-webhook-secret-for-tests';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUEMONEY_WEBHOOK_SECRET: TRUEMONEY_SECRET } });
});
afterAll(() => server.close());

/** What the web app does before sending (SPEC §7): AES-256-GCM, key SHA-256(secret), iv‖ct‖tag. */
function encrypt(link: string, secret = 'dev-truelink-shared-key'): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', crypto.createHash('sha256').update(secret).digest(), iv);
  const sealed = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64');
}

type Member = Awaited<ReturnType<typeof registerMember>>;
const voucher = async (amount: number, outcome?: string) =>
  (await server.api('POST', '/sandbox/truemoney/vouchers', { body: { amount, ...(outcome ? { outcome } : {}) } })).body.link as string;
const send = (member: Member, link: string) => server.api('POST', '/api/wallet/truelink', { token: member.token, body: { link } });
const walletAmount = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount;

describe('TrueMoney gift links', () => {
  it('redeems a link into the wallet once and shows it in the statement', async () => {
    const member = await registerMember(server);
    const link = await voucher(150.5);
    expect((await send(member, encrypt(link))).body).toEqual({ message: 'SUCCESS', amount: 150.5 });
    expect(await walletAmount(member)).toBe(150.5);
    expect(await send(member, encrypt(link))).toMatchObject({ status: 409, body: { message: 'TRUELINK_DUPLICATE' } });
    const other = await registerMember(server);
    expect(await send(other, encrypt(link))).toMatchObject({ status: 409, body: { message: 'TRUELINK_DUPLICATE' } });
    expect(await walletAmount(member)).toBe(150.5);
    const statement = await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 5 } });
    expect(statement.body.statements[0]).toMatchObject({ statementType: 'deposit', from: 'TRUEMONEY', amount: 150.5 });
  });

  it('credits once when the same link is sent twice at the same time', async () => {
    const member = await registerMember(server);
    const link = encrypt(await voucher(40));
    const results = await Promise.all([send(member, link), send(member, link)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await walletAmount(member)).toBe(40);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  // A retry of the same request (its answer lost on the way) was told TRUELINK_DUPLICATE.
  it('replays the first answer to a retry with the same Idempotency-Key, and a new key still hears the link was used', async () => {
    const member = await registerMember(server);
    const link = encrypt(await voucher(75));
    const headers = { 'idempotency-key': `gift-${crypto.randomUUID()}` };
    const first = await server.api('POST', '/api/wallet/truelink', { token: member.token, body: { link }, headers });
    expect(first.body).toEqual({ message: 'SUCCESS', amount: 75 });
    const retry = await server.api('POST', '/api/wallet/truelink', { token: member.token, body: { link }, headers });
    expect(retry).toMatchObject({ status: 200, body: { message: 'SUCCESS', amount: 75 } });
    const anotherSend = await server.api('POST', '/api/wallet/truelink', { token: member.token, body: { link }, headers: { 'idempotency-key': `gift-${crypto.randomUUID()}` } });
    expect(anotherSend).toMatchObject({ status: 409, body: { message: 'TRUELINK_DUPLICATE' } });
    const other = await registerMember(server);
    expect(await server.api('POST', '/api/wallet/truelink', { token: other.token, body: { link }, headers })).toMatchObject({ status: 409, body: { message: 'TRUELINK_DUPLICATE' } });
    expect(await walletAmount(member)).toBe(75);
  });

  it('refuses what does not decrypt, a link of another shape, and an empty one, changing nothing', async () => {
    const member = await registerMember(server);
    const link = await voucher(10);
    expect(await send(member, encrypt(link, 'not-the-shared-key'))).toMatchObject({ status: 400, body: { message: 'TRUELINK_INVALID' } });
    expect(await send(member, link)).toMatchObject({ status: 400, body: { message: 'TRUELINK_INVALID' } });
    expect(await send(member, 'bm90IGJhc2U2NA==')).toMatchObject({ status: 400, body: { message: 'TRUELINK_INVALID' } });
    expect(await send(member, encrypt('https://evil.example/campaign/?v=abc123'))).toMatchObject({ status: 400, body: { message: 'TRUELINK_INVALID' } });
    expect(await send(member, encrypt('https://gift.truemoney.com/campaign/?v=abc-123'))).toMatchObject({ status: 400, body: { message: 'TRUELINK_INVALID' } });
    expect(await send(member, '')).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });
    expect(await walletAmount(member)).toBe(0);
  });

  it.each([
    ['VOUCHER_NOT_FOUND', 400, 'TRUELINK_INVALID'],
    ['VOUCHER_EXPIRED', 400, 'TRUELINK_INVALID'],
    ['CANNOT_GET_OWN_VOUCHER', 400, 'TRUELINK_INVALID'],
    ['TARGET_USER_NOT_FOUND', 400, 'TRUELINK_INVALID'],
    ['VOUCHER_OUT_OF_STOCK', 409, 'TRUELINK_DUPLICATE'],
    ['INTERNAL_ERROR', 502, 'TRUELINK_INVALID'],
  ])('maps TrueMoney %s to %s %s and keeps the raw code', async (outcome, status, message) => {
    const member = await registerMember(server);
    const link = await voucher(20, outcome);
    expect(await send(member, encrypt(link))).toMatchObject({ status, body: { message } });
    const hash = new URL(link).searchParams.get('v')!;
    const row = await server.db.selectFrom('truemoney_redemptions').select('status_code').where('voucher_hash', '=', hash).executeTakeFirstOrThrow();
    expect(row.status_code).toBe(outcome);
    expect(await walletAmount(member)).toBe(0);
  });
});

describe('a gift link a crash cut short', () => {
  const OUR_NUMBER = '0990000000';
  const hashOf = (link: string) => new URL(link).searchParams.get('v')!;
  /** What a killed server leaves: TrueMoney redeemed the voucher into our number, and we credited nothing. */
  const redeemAtTrueMoney = (link: string) =>
    server.api('POST', `/sandbox/truemoney/api/campaign/vouchers/${hashOf(link)}/redeem`, { body: { mobile: OUR_NUMBER, voucher_hash: hashOf(link) } });

  it('is credited when the member sends the link again, instead of TRUELINK_DUPLICATE with no money', async () => {
    const member = await registerMember(server);
    const link = await voucher(12.5);
    expect((await redeemAtTrueMoney(link)).body.status.code).toBe('SUCCESS');
    expect((await send(member, encrypt(link))).body).toEqual({ message: 'SUCCESS', amount: 12.5 });
    expect(await send(member, encrypt(link))).toMatchObject({ status: 409, body: { message: 'TRUELINK_DUPLICATE' } });
    expect(await walletAmount(member)).toBe(12.5);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  it('is credited once by the reconciler from the voucher status, on several nodes at once', async () => {
    const member = await registerMember(server);
    const [redeemed, notYet, gone] = [await voucher(11), await voucher(13), await voucher(9)];
    await redeemAtTrueMoney(redeemed);
    // Someone else's number took this one.
    await server.api('POST', `/sandbox/truemoney/api/campaign/vouchers/${hashOf(gone)}/redeem`, { body: { mobile: '0811111111', voucher_hash: hashOf(gone) } });
    // Intents recorded before the call out, then the process died (before or after TrueMoney redeemed).
    const longAgo = new Date(server.clock.now().getTime() - 60_000);
    await server.db
      .insertInto('truemoney_redemptions')
      .values([redeemed, notYet, gone].map((link) => ({ voucher_hash: hashOf(link), member_id: BigInt(member.id), status_code: 'PENDING', amount: null, state: 'redeeming' as const, updated_at: longAgo, lease_until: longAgo, created_at: longAgo })))
      .execute();
    // Another member sending the link while this member's redemption is open: not theirs.
    const other = await registerMember(server);
    expect(await send(other, encrypt(redeemed))).toMatchObject({ status: 409, body: { message: 'TRUELINK_DUPLICATE' } });

    await Promise.all([server.app.reconciler.run(), server.app.reconciler.run()]);
    expect(await walletAmount(member)).toBe(11);
    const rows = await server.db.selectFrom('truemoney_redemptions').select(['voucher_hash', 'state', 'status_code']).where('member_id', '=', BigInt(member.id)).execute();
    expect(Object.fromEntries(rows.map((row) => [row.voucher_hash, `${row.state}:${row.status_code}`]))).toEqual({
      [hashOf(redeemed)]: 'credited:SUCCESS',
      // Never reached TrueMoney: nothing moved, and the member still holds a good link.
      [hashOf(notYet)]: 'failed:NOT_REDEEMED',
      [hashOf(gone)]: 'failed:VOUCHER_OUT_OF_STOCK',
    });
    expect((await send(member, encrypt(notYet))).body).toEqual({ message: 'SUCCESS', amount: 13 });
    // TrueMoney's own records agree: both went to our number.
    const atTrueMoney = await server.db.selectFrom('sandbox_truemoney_vouchers').select('redeemed_by').where('voucher_hash', 'in', [hashOf(redeemed), hashOf(notYet)]).execute();
    expect(atTrueMoney.map((row) => row.redeemed_by)).toEqual([OUR_NUMBER, OUR_NUMBER]);
    await server.app.reconciler.run();
    expect(await walletAmount(member)).toBe(24);
    const deposits = await server.db.selectFrom('deposits').select('external_ref').where('member_id', '=', BigInt(member.id)).execute();
    expect(deposits.map((row) => row.external_ref).sort()).toEqual([`truemoney:${hashOf(notYet)}`, `truemoney:${hashOf(redeemed)}`].sort());
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  it('a member sending a link twice while a crash left it open is credited once, and told so once', async () => {
    const member = await registerMember(server);
    const link = await voucher(7);
    const longAgo = new Date(server.clock.now().getTime() - 60_000);
    await redeemAtTrueMoney(link);
    await server.db
      .insertInto('truemoney_redemptions')
      .values({ voucher_hash: hashOf(link), member_id: BigInt(member.id), status_code: 'PENDING', amount: null, state: 'redeeming', updated_at: longAgo, lease_until: longAgo, created_at: longAgo })
      .execute();
    const answers = await Promise.all([send(member, encrypt(link)), send(member, encrypt(link))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)!.body).toEqual({ message: 'SUCCESS', amount: 7 });
    await server.app.reconciler.run();
    expect(await walletAmount(member)).toBe(7);
  });

  it('keeps an unknown answer open, and the reconciler gives the voucher back to its owner when it stays redeemable', async () => {
    const member = await registerMember(server);
    const link = await voucher(20, 'INTERNAL_ERROR');
    expect(await send(member, encrypt(link))).toMatchObject({ status: 502, body: { message: 'TRUELINK_INVALID' } });
    const open = await server.db.selectFrom('truemoney_redemptions').select('state').where('voucher_hash', '=', hashOf(link)).executeTakeFirstOrThrow();
    expect(open.state).toBe('redeeming');
    // NOT_FOUND_GRACE_MS is 0 here: the reconciler finds it still redeemable and closes the intent.
    await server.app.reconciler.run();
    const closed = await server.db.selectFrom('truemoney_redemptions').select(['state', 'status_code']).where('voucher_hash', '=', hashOf(link)).executeTakeFirstOrThrow();
    expect(closed).toEqual({ state: 'failed', status_code: 'INTERNAL_ERROR' });
    expect(await walletAmount(member)).toBe(0);
  });
});

describe('TrueMoney wallet transfers (auto mode)', () => {
  const transfer = (fromMobile: string, amount: number) => server.api('POST', '/sandbox/truemoney/transfers', { body: { fromMobile, amount } });
  const notify = (event: Record<string, unknown>, secret = TRUEMONEY_SECRET) => {
    const raw = JSON.stringify(event);
    const timestamp = server.clock.now().getTime();
    return server.api('POST', '/api/webhooks/truemoney', { raw, headers: { 'x-timestamp': String(timestamp), 'x-signature': signWebhook(secret, timestamp, raw) } });
  };

  it('are offered with the operator’s number, and credit the member whose registered number sent them', async () => {
    const lookup = (await server.api('GET', '/api/lookup/deposit')).body;
    expect(lookup.wallets).toContainEqual({ mode: 'AUTO', walletAccountName: 'BAHT WALLET', walletAccountNo: '0990000000' });
    const member = await registerMember(server);
    expect((await transfer(member.payload.username, 150.25)).body).toMatchObject({ webhookStatus: 200, outcome: 'credited' });
    expect(await walletAmount(member)).toBe(150.25);
    const statement = (await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } })).body.statements;
    expect(statement[0]).toMatchObject({ statementType: 'deposit', from: 'TRUEMONEY', amount: 150.25, status: 'SUCCESS' });
  });

  it('keep transfers from unknown numbers or under 2 baht for an operator, crediting nobody', async () => {
    const member = await registerMember(server);
    expect((await transfer('0899999999', 100)).body.outcome).toBe('unmatched');
    expect((await transfer(member.payload.username, 1.99)).body.outcome).toBe('below_minimum');
    expect(await walletAmount(member)).toBe(0);
    const waiting = await server.db.selectFrom('truemoney_transfers').select(['status', 'amount']).where('status', '!=', 'credited').execute();
    expect(waiting).toEqual(expect.arrayContaining([{ status: 'unmatched', amount: 10_000n }, { status: 'below_minimum', amount: 199n }]));
  });

  it('an operator credits a waiting transfer to the member it belongs to, or marks it sent back, once', async () => {
    await server.app.adminService.ensureFirstOperator({ username: 'tm-boss', password: 'tm-boss-pass' });
    const operator = (await server.api('POST', '/api/admin/login', { body: { username: 'tm-boss', password: 'tm-boss-pass' } })).body.token;
    const member = await registerMember(server);
    const fromPartner = (await transfer('0877777777', 300)).body.transactionId;
    const stranger = (await transfer('0866666666', 40)).body.transactionId;
    const queue = (await server.api('GET', '/api/admin/truemoney-transfers', { token: operator })).body;
    expect(queue.transfers.map((row: { _id: string }) => row._id)).toEqual(expect.arrayContaining([fromPartner, stranger]));

    // The member phoned: the transfer came from their partner's number.
    expect(await server.api('POST', `/api/admin/truemoney-transfers/${fromPartner}/approve`, { token: operator, body: { phone: '0800000001' } })).toMatchObject({ status: 404, body: { message: 'NO_USER' } });
    const credited = await server.api('POST', `/api/admin/truemoney-transfers/${fromPartner}/approve`, { token: operator, body: { phone: member.payload.username } });
    expect(credited.body).toMatchObject({ status: 'credited', amount: 300, decidedBy: 'tm-boss' });
    expect((await server.api('POST', `/api/admin/truemoney-transfers/${fromPartner}/approve`, { token: operator, body: { phone: member.payload.username } })).status).toBe(409);
    expect((await server.api('POST', `/api/admin/truemoney-transfers/${stranger}/fail`, { token: operator, body: { reason: 'sent back to 0866666666' } })).body).toMatchObject({ status: 'returned' });
    expect(await walletAmount(member)).toBe(300);
    expect((await server.api('GET', '/api/admin/truemoney-transfers', { token: member.token })).status).toBe(401);
    const audit = await server.db.selectFrom('audit_log').select('action').where('actor', '=', 'tm-boss').where('action', 'like', 'truemoney%').execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['truemoney-transfer.credit', 'truemoney-transfer.return']);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  it('credit once: a replayed or re-sent notification, even delivered twice at once, changes nothing; a forged one is refused', async () => {
    const member = await registerMember(server);
    const event = { eventId: crypto.randomUUID(), transactionId: `TMN${crypto.randomBytes(6).toString('hex')}`, senderMobile: member.payload.username, amount: 5_000, receivedAt: new Date().toISOString() };
    const twice = await Promise.all([notify(event), notify(event)]);
    expect(twice.map((result) => result.body.status).sort()).toEqual(['credited', 'duplicate']);
    expect((await notify({ ...event, eventId: crypto.randomUUID() })).body.status).toBe('duplicate');
    expect((await notify({ ...event, eventId: crypto.randomUUID(), transactionId: 'TMNFORGED01' }, 'not-the-secret-at-all')).status).toBe(401);
    expect(await walletAmount(member)).toBe(50);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });
});
