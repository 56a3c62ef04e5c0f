import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { createLedger } from '../src/modules/ledger/ledger.service.js';
import { call, schemaOfItsOwn, startServer, stop } from './server-process.js';

const OUR_TRUEMONEY_NUMBER = '0990000000';
const OUR_BANK_ACCOUNT = '4061234567';


/** What the web app does with a gift link before sending it (SPEC §7). */
function encryptLink(link: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', crypto.createHash('sha256').update('dev-truelink-shared-key').digest(), iv);
  const sealed = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64');
}

async function registerMember(base: string): Promise<{ phone: string; auth: Record<string, string> }> {
  const phone = `09${crypto.randomInt(10 ** 7, 10 ** 8)}`;
  const sent = await call(base, 'POST', '/api/otp/send', { phoneNumber: phone });
  const inbox = await call(base, 'GET', `/sandbox/sms/messages?phone=${phone}`);
  await call(base, 'POST', '/api/otp/verify', { otpToken: sent.body.otpToken, otpCode: inbox.body.messages[0].otpCode });
  const created = await call(base, 'POST', '/api/account', {
    name: 'Crash Depositor', username: phone, password: 'crash-pass-1', bankCode: 'SCB',
    bankAccountName: 'CRASH DEPOSITOR', bankAccountNo: String(crypto.randomInt(10 ** 9, 10 ** 10)),
  });
  if (created.status !== 200) throw new Error(`register: ${created.status}`);
  const token = (await call(base, 'POST', '/api/login', { username: phone, password: 'crash-pass-1' })).body.token as string;
  return { phone, auth: { authorization: `Bearer ${token}` } };
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('a crash in the middle of deposits', () => {
  it('credits every redeemed voucher, paid QR and verified slip exactly once, and the outside world agrees', async () => {
    const databaseUrl = process.env.DATABASE_URL;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-crash-deposits-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      FAST_HASH: '1',
      DATA_DIR: dataDir,
      RECONCILE_INTERVAL_MS: '500',
      RECONCILE_AFTER_MS: '0',
      NOT_FOUND_GRACE_MS: '0',
      SLIP_RESUME_AFTER_MS: '0',
      TRUEMONEY_TIMEOUT_MS: '2000',
      ADMIN_PASSWORD: 'crash-test-admin',
    };
    let schema: string | undefined;
    if (databaseUrl) {
      const own = await schemaOfItsOwn(databaseUrl, 'crashdep');
      schema = own.schema;
      env.DATABASE_URL = own.url;
      cleanups.push(own.drop);
    } else {
      delete env.DATABASE_URL;
    }

    let server = await startServer(env);
    const base = server.url;
    // Three members (a member may upload 10 slips a minute), each with gift links and slips ready.
    const members = await Promise.all([0, 1, 2].map(() => registerMember(base)));
    const slips: Buffer[] = [];
    for (let index = 0; index < 18; index += 1) {
      const issued = await call(base, 'POST', '/sandbox/bank/transfers', { amount: 100 + index, toAccountNo: OUR_BANK_ACCOUNT });
      slips.push(Buffer.from((issued.body.slip as string).split(',')[1]!, 'base64'));
    }
    // Answers that arrive late: the kill catches vouchers TrueMoney redeemed and payments the gateway took
    // before we heard of them.
    await call(base, 'PUT', '/sandbox/truemoney/faults', { latencyMs: 400 });
    await call(base, 'PUT', '/sandbox/gateway/faults', { webhookDelayMs: 400 });

    const acknowledged = { links: [] as string[], qrs: [] as string[], slips: 0 };
    let crashed = false;
    const giftLinks = [0, 1, 2].map(async (worker) => {
      for (let round = 0; !crashed; round += 1) {
        try {
          const link = (await call(base, 'POST', '/sandbox/truemoney/vouchers', { amount: 11 + (round % 3) })).body.link as string;
          const answer = await call(base, 'POST', '/api/wallet/truelink', { link: encryptLink(link) }, members[worker]!.auth);
          if (answer.status === 200) acknowledged.links.push(link);
        } catch {
          return; // the connection died with the process
        }
      }
    });
    const qrPayments = [0, 1, 2].map(async (worker) => {
      for (let round = 0; !crashed; round += 1) {
        try {
          const qr = await call(base, 'POST', `/api/qrcode/${round % 2 ? 'WW' : 'KBANK'}`, { amount: 100 + round }, members[worker]!.auth);
          const paid = await call(base, 'POST', '/sandbox/gateway/pay', { qrcodeId: qr.body.qrcodeId });
          if (paid.body.webhookStatus === 200) acknowledged.qrs.push(qr.body.qrcodeId as string);
        } catch {
          return;
        }
      }
    });
    const slipUploads = [0, 1, 2].map(async (worker) => {
      for (let index = worker; index < slips.length && !crashed; index += 3) {
        const form = new FormData();
        form.append('file', new Blob([slips[index]!], { type: 'image/png' }), 'slip.png');
        try {
          const response = await fetch(`${base}/api/wallet/slip`, { method: 'POST', headers: members[worker]!.auth, body: form });
          const body = (await response.json()) as { slip?: { status?: string } };
          if (body.slip?.status === 'SUCCESS') acknowledged.slips += 1;
        } catch {
          return;
        }
      }
    });
    // Kill once every kind of deposit is under way, however fast this machine is.
    for (let waited = 0; waited < 20_000; waited += 50) {
      if (acknowledged.links.length >= 6 && acknowledged.qrs.length >= 4 && acknowledged.slips >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Gift links and QR payments spend most of their time between the outside world's record and our credit.
    await new Promise((resolve) => setTimeout(resolve, 250));
    crashed = true;
    await stop(server, 'SIGKILL');
    await Promise.all([...giftLinks, ...qrPayments, ...slipUploads]);
    expect(acknowledged.links.length).toBeGreaterThan(0);
    expect(acknowledged.qrs.length).toBeGreaterThan(0);

    // Restart on the same data: the reconciler runs at start and every 500 ms and finishes what was
    // open. An intent in flight at the kill is leased for its call's timeout, so on a loaded machine
    // one run may not be enough: run the server until nothing is left open (the embedded database
    // can be read only while the server is down), at most five times.
    const open = () => openDatabase(databaseUrl ? { databaseUrl, schema } : { dataDir: path.join(dataDir, 'db') });
    for (let round = 0; round < 5; round += 1) {
      server = await startServer(env);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await stop(server, 'SIGTERM');
      const check = await open();
      try {
        const [intents, slipsOpen] = await Promise.all([
          check.db.selectFrom('truemoney_redemptions').select('voucher_hash').where('state', '=', 'redeeming').execute(),
          check.db.selectFrom('slips').select('id').where('status', '=', 'in_progress').execute(),
        ]);
        if (intents.length === 0 && slipsOpen.length === 0) break;
      } finally {
        await check.close();
      }
    }

    const database = await open();
    try {
      const { db } = database;
      const deposits = await db.selectFrom('deposits').select(['external_ref', 'amount', 'member_id']).execute();
      const depositsByRef = new Map<string, number>();
      for (const row of deposits) depositsByRef.set(row.external_ref, (depositsByRef.get(row.external_ref) ?? 0) + 1);
      expect([...depositsByRef.values()].filter((count) => count !== 1)).toEqual([]);
      const amountOf = new Map(deposits.map((row) => [row.external_ref, row.amount]));

      // Gift links: TrueMoney's vouchers redeemed into our number are exactly the ones credited, each once.
      const vouchers = await db.selectFrom('sandbox_truemoney_vouchers').select(['voucher_hash', 'amount', 'redeemed_by']).execute();
      const redeemed = vouchers.filter((voucher) => voucher.redeemed_by === OUR_TRUEMONEY_NUMBER);
      expect(redeemed.length).toBeGreaterThanOrEqual(acknowledged.links.length);
      for (const voucher of redeemed) expect(amountOf.get(`truemoney:${voucher.voucher_hash}`), voucher.voucher_hash).toBe(voucher.amount);
      const creditedVouchers = deposits.filter((row) => row.external_ref.startsWith('truemoney:'));
      expect(creditedVouchers.length).toBe(redeemed.length);
      for (const link of acknowledged.links) expect(amountOf.has(`truemoney:${new URL(link).searchParams.get('v')}`)).toBe(true);
      expect(await db.selectFrom('truemoney_redemptions').select('voucher_hash').where('state', '=', 'redeeming').execute()).toEqual([]);

      // QR payments: what the gateway took is exactly what was credited, each once.
      const gatewayQrs = await db.selectFrom('sandbox_gateway_qrs').select(['gateway_ref', 'reference', 'amount', 'paid_at']).execute();
      const paid = gatewayQrs.filter((qr) => qr.paid_at !== null);
      for (const qr of paid) expect(amountOf.get(`gateway:${qr.gateway_ref}`), qr.gateway_ref).toBe(qr.amount);
      expect(deposits.filter((row) => row.external_ref.startsWith('gateway:')).length).toBe(paid.length);
      const paidReferences = new Set(paid.map((qr) => qr.reference));
      for (const id of acknowledged.qrs) expect(paidReferences.has(id)).toBe(true);

      // Slips: every slip stored is decided; each verified one is credited once with the bank's amount.
      const slipRows = await db.selectFrom('slips').select(['status', 'note', 'sending_bank', 'trans_ref', 'amount']).execute();
      expect(slipRows.filter((row) => row.status === 'in_progress')).toEqual([]);
      expect(slipRows.filter((row) => row.status === 'FAILED')).toEqual([]);
      const bankTransfers = new Map((await db.selectFrom('sandbox_bank_transfers').select(['trans_ref', 'amount']).execute()).map((row) => [row.trans_ref, row.amount]));
      for (const row of slipRows) {
        expect(amountOf.get(`slip:${row.sending_bank}:${row.trans_ref}`), row.trans_ref!).toBe(bankTransfers.get(row.trans_ref!));
      }
      expect(deposits.filter((row) => row.external_ref.startsWith('slip:')).length).toBe(slipRows.length);
      expect(slipRows.length).toBeGreaterThanOrEqual(acknowledged.slips);

      // The kill did catch deposits in flight: money that moved outside without an answer reaching its sender.
      const caughtInFlight = redeemed.length - acknowledged.links.length + (paid.length - acknowledged.qrs.length) + (slipRows.length - acknowledged.slips);
      expect(caughtInFlight, 'no deposit was in flight at the kill').toBeGreaterThan(0);

      // Each deposit is one ledger transfer into the member's wallet, and the ledger is exact.
      const depositTransfers = await db.selectFrom('ledger_transfers').select('idempotency_key').where('kind', '=', 'deposit').execute();
      expect(depositTransfers.map((row) => row.idempotency_key).sort()).toEqual(deposits.map((row) => `deposit:${row.external_ref}`).sort());
      const report = await createLedger(db).verify();
      expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);
    } finally {
      await database.close();
    }
  }, 150_000);
});
