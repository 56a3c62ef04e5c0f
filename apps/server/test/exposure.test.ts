import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, registerMember, startTestServer } from './harness.js';

/** The operator's SCB account in the demo seed: slips must be paid to it. */
const OPERATOR_ACCOUNT = '4061234567';

let server: TestServer;
let admin: string;
let financeA: string;
let financeB: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'exposure-admin', password: 'exposure-pass-1' });
  const login = async (username: string, password: string) => (await server.api('POST', '/api/admin/login', { body: { username, password } })).body.token as string;
  admin = await login('exposure-admin', 'exposure-pass-1');
  for (const username of ['finance-a', 'finance-b']) {
    const created = await server.api('POST', '/api/admin/operators', { token: admin, body: { username, password: `${username}-pass-1`, roles: ['finance'] } });
    expect(created.status).toBe(200);
  }
  financeA = await login('finance-a', 'finance-a-pass-1');
  financeB = await login('finance-b', 'finance-b-pass-1');
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
const exposure = async () => (await server.api('GET', '/api/admin/books/exposure', { token: financeA })).body;
const propose = (token: string, paused: boolean) => server.api('POST', '/api/admin/books/deposit-pause', { token, body: { paused, reason: paused ? 'bank account frozen' : 'bank account cleared' } });
const approve = (token: string, id: string) => server.api('POST', `/api/admin/books/deposit-pause/${id}/approve`, { token });
const isPaused = async () => (await exposure()).depositPause.paused as boolean;
const walletAmount = async (member: Member): Promise<number> => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount;
const createQr = (member: Member, method: string, amount: number) =>
  server.api('POST', `/api/qrcode/${method}`, { token: member.token, body: { amount }, headers: { 'idempotency-key': crypto.randomUUID() } });

/** What the web app does before sending a gift link (SPEC §7): AES-256-GCM, key SHA-256(secret), iv‖ct‖tag. */
function encryptLink(link: string, secret = 'dev-truelink-shared-key'): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', crypto.createHash('sha256').update(secret).digest(), iv);
  const sealed = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64');
}

async function uploadSlip(member: Member) {
  const issued = await server.api('POST', '/sandbox/bank/transfers', { body: { toAccountNo: OPERATOR_ACCOUNT, amount: 120 } });
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(issued.body.slip.split(',')[1], 'base64')], { type: 'image/png' }), 'slip.png');
  const response = await fetch(`${server.url}/api/wallet/slip`, { method: 'POST', headers: { authorization: `Bearer ${member.token}`, 'x-client': 'wallet-user' }, body: form });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

async function pauseWithTwoOperators(paused: boolean) {
  const proposed = await propose(financeA, paused);
  expect(proposed.status).toBe(202);
  expect((await approve(financeB, proposed.body._id)).status).toBe(200);
  expect(await isPaused()).toBe(paused);
}

describe('the deposit pause needs two operators', () => {
  it('a proposal changes nothing; its proposer cannot approve it; a second operator can, and it holds on every node at once', async () => {
    const otherNode = await startTestServer({ sameDatabaseAs: server });
    try {
      const proposed = await propose(financeA, true);
      expect(proposed).toMatchObject({ status: 202, body: { kind: 'deposits.pause', status: 'proposed', proposedBy: 'finance-a', reasons: ['deposit_pause'] } });
      expect(await isPaused()).toBe(false);
      expect((await exposure()).pauseProposal).toMatchObject({ _id: proposed.body._id, paused: true, proposedBy: 'finance-a' });

      // One proposal at a time: another operator's second one waits until this is decided.
      expect(await propose(financeB, true)).toMatchObject({ status: 409, body: { message: 'PROPOSAL_OPEN' } });

      // A lone operator cannot pause: approving their own proposal is refused, and nothing changed.
      expect(await approve(financeA, proposed.body._id)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
      expect(await isPaused()).toBe(false);

      expect(await approve(financeB, proposed.body._id)).toMatchObject({ status: 200, body: { status: 'approved', decidedBy: 'finance-b' } });
      expect((await exposure()).depositPause).toMatchObject({ paused: true, proposedBy: 'finance-a', approvedBy: 'finance-b', reason: 'bank account frozen' });
      // The other node reads it from the database on the next deposit start: no cache to wait out.
      const member = await registerMember(otherNode);
      expect((await createQr(member, 'KBANK', 100)).body).toEqual({ hasQrcode: false, message: 'DEPOSITS_PAUSED' });

      // Resuming takes two operators too.
      const resume = await propose(financeB, false);
      expect(await approve(financeB, resume.body._id)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
      expect(await isPaused()).toBe(true);
      expect((await approve(financeA, resume.body._id)).status).toBe(200);
      expect(await isPaused()).toBe(false);
      expect((await createQr(member, 'KBANK', 100)).body).toMatchObject({ hasQrcode: true });

      const audit = await server.db.selectFrom('audit_log').select(['actor', 'action']).where('action', 'in', ['config.propose', 'config.approve', 'deposits.pause', 'deposits.resume']).orderBy('position').execute();
      expect(audit.map((row) => `${row.actor} ${row.action}`)).toEqual([
        'finance-a config.propose',
        'finance-b deposits.pause',
        'finance-b config.approve',
        'finance-b config.propose',
        'finance-a deposits.resume',
        'finance-a config.approve',
      ]);
    } finally {
      await otherNode.close();
    }
  });

  it('decides only pause proposals through its routes, and only for finance and admin', async () => {
    const settingsChange = await server.api('PUT', '/api/admin/settings/site', { token: admin, body: { approvalRewardAbove: 5_000 } });
    expect(settingsChange.status).toBe(202);
    expect((await approve(financeA, settingsChange.body._id)).status).toBe(404);
    const support = await server.api('POST', '/api/admin/operators', { token: admin, body: { username: 'exposure-support', password: 'exposure-support-1', roles: ['support'] } });
    expect(support.status).toBe(200);
    const supportToken = (await server.api('POST', '/api/admin/login', { body: { username: 'exposure-support', password: 'exposure-support-1' } })).body.token;
    expect((await propose(supportToken, true)).status).toBe(403);
    expect((await server.api('GET', '/api/admin/books/exposure', { token: supportToken })).status).toBe(403);
  });
});

describe('while deposits are paused', () => {
  it('refuses every way a member starts a deposit, and still credits what was already on its way', async () => {
    const member = await registerMember(server);
    // Started before the pause: a gateway QR and a manual deposit notice.
    const qrBefore = await createQr(member, 'WW', 200);
    expect(qrBefore.body.hasQrcode).toBe(true);
    expect((await server.api('PUT', '/api/admin/settings/site', { token: admin, body: { isManualDeposit: true } })).status).toBe(200);
    const notice = await server.api('POST', '/api/wallet/add', { token: member.token, body: { amount: 150 }, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(notice.status).toBe(200);

    await pauseWithTwoOperators(true);
    try {
      const other = await registerMember(server);
      expect((await createQr(other, 'KBANK', 100)).body).toEqual({ hasQrcode: false, message: 'DEPOSITS_PAUSED' });
      expect((await createQr(other, 'WW', 100)).body).toEqual({ hasQrcode: false, message: 'DEPOSITS_PAUSED' });
      const link = (await server.api('POST', '/sandbox/truemoney/vouchers', { body: { amount: 50 } })).body.link as string;
      expect(await server.api('POST', '/api/wallet/truelink', { token: other.token, body: { link: encryptLink(link) } })).toMatchObject({ status: 422, body: { message: 'DEPOSITS_PAUSED' } });
      expect(await uploadSlip(other)).toEqual({ status: 422, body: { message: 'DEPOSITS_PAUSED' } });
      expect(await server.api('POST', '/api/wallet/add', { token: other.token, body: { amount: 150 }, headers: { 'idempotency-key': crypto.randomUUID() } })).toMatchObject({
        status: 422,
        body: { message: 'DEPOSITS_PAUSED' },
      });
      expect(await walletAmount(other)).toBe(0);

      // The QR issued before the pause is paid now: the gateway's webhook is credited.
      expect((await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qrBefore.body.qrcodeId } })).body).toEqual({ paid: true, webhookStatus: 200 });
      expect(await walletAmount(member)).toBe(200);
      // The notice sent before the pause is approved now: credited too.
      expect((await server.api('POST', `/api/admin/deposit-notices/${notice.body.notice._id}/approve`, { token: financeA })).status).toBe(200);
      expect(await walletAmount(member)).toBe(350);
    } finally {
      await pauseWithTwoOperators(false);
    }
  });
});

describe('exposure', () => {
  it('shows what is owed against the bank balances entered by hand, each entry audited', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 1_000);
    expect((await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 300 } })).status).toBe(200);
    const before = (await exposure()).currencies.find((row: { currency: string }) => row.currency === 'THB');
    expect(before.pendingWithdrawals.count).toBeGreaterThanOrEqual(1);
    expect(BigInt(before.pendingWithdrawals.amount)).toBeGreaterThanOrEqual(30_000n);

    expect((await server.api('POST', '/api/admin/books/bank-balances', { token: financeA, body: { name: 'SCB 406-123456-7', currency: 'THB', balance: 1_000_000 } })).status).toBe(200);
    const entered = await server.api('POST', '/api/admin/books/bank-balances', { token: financeB, body: { name: 'SCB 406-123456-7', currency: 'THB', balance: 2_500_000.5 } });
    expect(entered.body.account).toMatchObject({ name: 'SCB 406-123456-7', currency: 'THB', balance: '250000050', enteredBy: 'finance-b' });
    expect((await server.api('POST', '/api/admin/books/bank-balances', { token: financeA, body: { name: 'x', currency: 'THB', balance: 1.234 } })).status).toBe(400);

    const thb = (await exposure()).currencies.find((row: { currency: string }) => row.currency === 'THB');
    expect(thb.bankAccounts).toHaveLength(1);
    expect(thb.bankTotal).toBe('250000050');
    expect(thb.cover).toBe(String(250_000_050n - BigInt(thb.playerFunds.total)));
    expect(BigInt(thb.playerFunds.pending)).toBeGreaterThanOrEqual(BigInt(thb.pendingWithdrawals.amount));

    const audit = await server.db.selectFrom('audit_log').select(['actor', 'detail']).where('action', '=', 'books.bank_balance').orderBy('position').execute();
    expect(audit.map((row) => [row.actor, (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as object])).toEqual([
      ['finance-a', { name: 'SCB 406-123456-7', currency: 'THB', balance: '100000000', before: null }],
      ['finance-b', { name: 'SCB 406-123456-7', currency: 'THB', balance: '250000050', before: expect.objectContaining({ balance: '100000000', enteredBy: 'finance-a' }) }],
    ]);
  });
});

describe('the daily figures as CSV', () => {
  beforeAll(async () => {
    const member = await registerMember(server);
    const qr = await createQr(member, 'KBANK', 250);
    expect((await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.body.qrcodeId } })).body).toMatchObject({ paid: true });
    await server.app.dailyFigures.sweep();
  });

  it('streams every figure of any range and writes the export to the audit log', async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(server.clock.now());
    const csv = await fetch(`${server.url}/api/admin/books/daily/export.csv?from=2020-01-01&to=${day}&currency=THB`, { headers: { authorization: `Bearer ${financeA}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).replace(/^\ufeff/, '').trim().split('\n');
    expect(lines[0]).toBe('gaming day,currency,figure,dimension,amount,count');
    const stored = await server.db.selectFrom('ledger_daily_figures').select(server.db.fn.countAll<string>().as('n')).where('currency', '=', 'THB').executeTakeFirstOrThrow();
    expect(lines.length - 1).toBe(Number(stored.n));
    expect(lines.some((line) => /^\d{4}-\d{2}-\d{2},THB,deposits,KBANK,\d+\.\d{2},\d+$/.test(line))).toBe(true);
    // Count figures carry no amount.
    expect(lines.some((line) => /^\d{4}-\d{2}-\d{2},THB,registrations,,,\d+$/.test(line))).toBe(true);

    const entry = await server.db.selectFrom('audit_log').select(['actor', 'detail']).where('action', '=', 'books.daily_export').orderBy('position', 'desc').executeTakeFirstOrThrow();
    expect(entry.actor).toBe('finance-a');
    expect(typeof entry.detail === 'string' ? JSON.parse(entry.detail) : entry.detail).toEqual({ from: '2020-01-01', to: day, currency: 'THB', rows: Number(stored.n), complete: true });
  });

  it('pages through the rows in keyset order, so a long range never sits in memory', async () => {
    const all: string[] = [];
    let batches = 0;
    for await (const batch of server.app.dailyFigures.exportRows({ username: 'pager', ip: null }, { from: '2020-01-01', to: '2100-01-01' }, 3)) {
      batches += 1;
      expect(batch.length).toBeLessThanOrEqual(3);
      all.push(...batch.map((row) => `${row.day} ${row.currency} ${row.figure} ${row.dimension}`));
    }
    expect(all.length).toBeGreaterThan(3);
    expect(batches).toBe(Math.ceil(all.length / 3));
    expect([...all].sort()).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
  });
});
