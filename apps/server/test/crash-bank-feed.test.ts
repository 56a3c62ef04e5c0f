import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { createLedger } from '../src/modules/ledger/ledger.service.js';
import { call, schemaOfItsOwn, type ServerProcess, startServer, stop } from './server-process.js';

// Bank deposits credited from the operator's statement (AUTO) while the server is SIGKILLed again
// and again in the middle of reading and crediting. The statement is fetched through a relay in this
// process (BANK_STATEMENT_URL, an ordinary setting; nothing in the server knows it is tested): the
// relay passes the sandbox bank's answer on and sees exactly when the server holds a statement's
// lines, so a kill can be fired right then, before the server has written any of them, or a few
// milliseconds on, while it is crediting them one transaction at a time.

const FEED_ACCOUNT = '4061234567'; // the demo's SCB account, AUTO
const FEED_BANK = 'SCB';
/** The feed's claim on an account lapses after this (bank-feed.service.ts LEASE_SECONDS). */
const LEASE_SECONDS = 120;
const ROUNDS = 12;
const TRANSFERS_PER_ROUND = 8;

interface Member {
  bankCode: string;
  accountNo: string;
  name: string;
}

async function registerMember(base: string, bankCode: string, index: number): Promise<Member> {
  const phone = `09${crypto.randomInt(10 ** 7, 10 ** 8)}`;
  const name = `CRASH FEED MEMBER ${String.fromCharCode(65 + index)}`;
  const accountNo = String(crypto.randomInt(10 ** 9, 10 ** 10));
  const sent = await call(base, 'POST', '/api/otp/send', { phoneNumber: phone });
  const inbox = await call(base, 'GET', `/sandbox/sms/messages?phone=${phone}`);
  await call(base, 'POST', '/api/otp/verify', { otpToken: sent.body.otpToken, otpCode: inbox.body.messages[0].otpCode });
  const created = await call(base, 'POST', '/api/account', { name, username: phone, password: 'crash-pass-1', bankCode, bankAccountName: name, bankAccountNo: accountNo });
  if (created.status !== 200) throw new Error(`register: ${created.status} ${JSON.stringify(created.body)}`);
  return { bankCode, accountNo, name };
}

/** The statement feed as the server reaches it: the sandbox bank's answer, passed on, each delivery told to `delivered`. */
function statementRelay() {
  let upstream = '';
  let delivered: (accountNo: string, bankRefs: string[]) => void = () => undefined;
  const relay = http.createServer((request, response) => {
    void (async () => {
      try {
        const answer = await fetch(`${upstream}/sandbox/bank/api${request.url}`);
        const text = await answer.text();
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        response.end(text, () => {
          if (!answer.ok) return;
          const body = JSON.parse(text) as { accountNo: string; entries: Array<{ bankRef: string; direction: string }> };
          delivered(body.accountNo, body.entries.filter((entry) => entry.direction === 'credit').map((entry) => entry.bankRef));
        });
      } catch {
        // The server behind it was killed: the caller is gone too.
        response.destroy();
      }
    })();
  });
  return {
    listen: () => new Promise<string>((resolve) => relay.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(relay.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
    setUpstream: (url: string) => void (upstream = url),
    onDelivered: (listener: typeof delivered) => void (delivered = listener),
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('a crash in the middle of the bank feed', () => {
  it('credits every transfer into an AUTO account exactly once (or queues it when it fits nobody), and the bank and our books agree', async () => {
    const databaseUrl = process.env.DATABASE_URL;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-crash-bank-feed-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const relay = statementRelay();
    const relayUrl = await relay.listen();
    cleanups.push(relay.close);
    const env: Record<string, string | undefined> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      FAST_HASH: '1',
      DATA_DIR: dataDir,
      RECONCILE_INTERVAL_MS: '300',
      // The reconciler's runs read the feed; the feed's own cadence would only add reads the kills are not timed to.
      BANK_FEED_INTERVAL_MS: '0',
      RECONCILE_AFTER_MS: '0',
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      ADMIN_PASSWORD: 'crash-test-admin',
      BANK_STATEMENT_URL: relayUrl,
      DATABASE_URL: undefined,
    };
    let schema: string | undefined;
    if (databaseUrl) {
      const own = await schemaOfItsOwn(databaseUrl, 'crashfeed');
      schema = own.schema;
      env.DATABASE_URL = own.url;
      cleanups.push(own.drop);
    }
    const open = () => openDatabase(databaseUrl ? { databaseUrl, schema } : { dataDir: path.join(dataDir, 'db') });

    let server: ServerProcess | undefined;
    cleanups.push(async () => {
      if (server) await stop(server, 'SIGKILL');
    });
    async function start() {
      server = await startServer(env);
      relay.setUpstream(server.url);
      // Slow (the read is long), repeating (every second transfer answered twice, and again in later
      // windows) and posting late (a transfer shows a second after it was made). The sandbox keeps
      // its faults in memory: they are set again after every start.
      await call(server.url, 'PUT', '/sandbox/bank/faults', { slowMs: 150, repeatEvery: 2, postingDelaySeconds: 1 });
      return server;
    }

    let base = (await start()).url;
    const members: Member[] = [];
    for (let index = 0; index < 10; index += 1) members.push(await registerMember(base, index < 7 ? FEED_BANK : 'KBANK', index));
    /**
     * Transfers into the feed account, each of its own amount (whole baht counted up, and satang):
     * a kill may cut the answer to one the bank did make, which is then known by its amount.
     */
    const intended: Array<{ accountNo: string; amountMinor: bigint; member: boolean; transRef: string | null }> = [];
    async function transfer(sender: Member | null): Promise<string | null> {
      const amount = 20 + intended.length + crypto.randomInt(1, 100) / 100;
      // A member at the feed's bank is shown by whole number; from another bank the number is masked
      // and the holder's name says who it is. A stranger's account is nobody's: the line waits.
      const from = sender ?? { bankCode: FEED_BANK, accountNo: String(crypto.randomInt(10 ** 9, 10 ** 10)), name: 'SOMEONE ELSE' };
      const made = { accountNo: from.accountNo, amountMinor: BigInt(Math.round(amount * 100)), member: sender !== null, transRef: null as string | null };
      intended.push(made);
      const sent = await call(base, 'POST', '/sandbox/bank/transfers', {
        amount, toAccountNo: FEED_ACCOUNT, toBankCode: FEED_BANK, fromBankCode: from.bankCode, fromAccountNo: from.accountNo, fromName: from.name,
      }).catch(() => null);
      if (sent && sent.status !== 200) throw new Error(`transfer: ${sent.status}`);
      made.transRef = typeof sent?.body.transRef === 'string' ? sent.body.transRef : null;
      return made.transRef;
    }
    const feedTransfers = (db: Awaited<ReturnType<typeof open>>['db']) =>
      db.selectFrom('sandbox_bank_transfers').select(['trans_ref', 'sending_bank', 'amount', 'transferred_at']).where('to_account_no', '=', FEED_ACCOUNT).execute();

    /** Per kill: where it landed. */
    const kills: Array<{ round: number; how: 'on delivery' | 'at random'; delayMs: number; delivered: number; written: number }> = [];
    // How long after a delivery a kill lands among the lines' credits: learnt from the kills before
    // (none written: later; all written: sooner), as this machine and database are fast or slow.
    let midway = 40;
    for (let round = 0; round < ROUNDS; round += 1) {
      const fresh = new Set<string>();
      const onDelivery = round % 3 !== 2;
      // On delivery: the first at once (nothing written yet), the others where the crediting is under way.
      const delayMs = !onDelivery ? crypto.randomInt(0, 2_500) : round === 0 ? 0 : Math.round(midway * (0.7 + Math.random() * 0.6));
      let deliveredFresh: string[] = [];
      const killed = new Promise<void>((resolve) => {
        const running = server!;
        let firing = false;
        relay.onDelivered((accountNo, bankRefs) => {
          if (accountNo !== FEED_ACCOUNT || firing) return;
          const ours = bankRefs.filter((ref) => fresh.has(ref) && !deliveredFresh.includes(ref));
          if (ours.length === 0) return;
          deliveredFresh = [...deliveredFresh, ...new Set(ours)];
          if (!onDelivery) return;
          // The first answer holding any of this round's transfers: the server has their lines and has
          // credited none of them (no earlier read could have seen them). Kill it then, or a few ms on.
          firing = true;
          setTimeout(() => void stop(running, 'SIGKILL').then(resolve), delayMs);
        });
        if (!onDelivery) setTimeout(() => void stop(running, 'SIGKILL').then(() => ((firing = true), resolve())), 1_000 + delayMs);
      });
      const senders = Array.from({ length: TRANSFERS_PER_ROUND }, (_, index) => (index % 4 === 3 ? null : members[crypto.randomInt(members.length)]!));
      await Promise.all(
        senders.map(async (sender) => {
          const transRef = await transfer(sender);
          if (transRef) fresh.add(transRef);
        }),
      );
      const deadline = setTimeout(() => void stop(server!, 'SIGKILL'), 20_000);
      await killed;
      clearTimeout(deadline);
      relay.onDelivered(() => undefined);

      // Down: what did the kill leave? Then let the dead node's claim on the account lapse, as it
      // would LEASE_SECONDS on (the test does not wait two minutes per kill), and start again.
      const check = await open();
      try {
        const written = deliveredFresh.length === 0 ? [] : await check.db.selectFrom('bank_credits').select('bank_ref').where('bank_ref', 'in', deliveredFresh).execute();
        kills.push({ round, how: onDelivery ? 'on delivery' : 'at random', delayMs, delivered: deliveredFresh.length, written: written.length });
        if (onDelivery && round > 0 && written.length === 0) midway = midway * 1.6 + 10;
        if (onDelivery && written.length === deliveredFresh.length) midway = Math.max(5, midway / 1.6);
        await check.db
          .updateTable('bank_feed_cursors')
          .set({ claimed_at: sql`claimed_at - make_interval(secs => ${LEASE_SECONDS})` })
          .execute();
      } finally {
        await check.close();
      }
      base = (await start()).url;
    }
    expect(kills.filter((kill) => kill.how === 'on delivery' && kill.delivered === 0), 'a kill on delivery never fired').toEqual([]);

    // Run on without kills until every transfer has its line (the feed is still slow and repeating).
    for (let round = 0; round < 5; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await stop(server!, 'SIGTERM');
      const check = await open();
      let unread: number;
      try {
        const refs = (await feedTransfers(check.db)).map((row) => row.trans_ref);
        unread = refs.length - (await check.db.selectFrom('bank_credits').select('bank_ref').where('bank_ref', 'in', refs).execute()).length;
      } finally {
        await check.close();
      }
      if (unread === 0) break;
      base = (await start()).url;
    }
    if (server?.process.exitCode === null) await stop(server, 'SIGTERM');

    const database = await open();
    try {
      const { db } = database;
      const registered = new Map((await db.selectFrom('members').select(['id', 'bank_account_no']).execute()).map((row) => [row.bank_account_no, row.id]));
      const sandbox = await feedTransfers(db);
      // The bank made every transfer whose answer came back, and only transfers the test asked for.
      const byAmount = new Map(sandbox.map((row) => [row.amount, row.trans_ref]));
      expect(byAmount.size).toBe(sandbox.length);
      for (const made of intended.filter((made) => made.transRef !== null)) expect(byAmount.get(made.amountMinor)).toBe(made.transRef);
      const intendedByAmount = new Map(intended.map((made) => [made.amountMinor, made]));
      expect(sandbox.filter((row) => !intendedByAmount.has(row.amount))).toEqual([]);
      const lines = await db.selectFrom('bank_credits').selectAll().execute();
      const deposits = await db.selectFrom('deposits').select(['id', 'external_ref', 'amount', 'member_id', 'method']).execute();
      const depositsByRef = new Map<string, typeof deposits>();
      for (const deposit of deposits) depositsByRef.set(deposit.external_ref, [...(depositsByRef.get(deposit.external_ref) ?? []), deposit]);

      // Every transfer the bank made into the account is one line of ours, with the bank's amount and time;
      // a member's is credited to that member, once, under the transfer's key; a stranger's waits.
      for (const transfer of sandbox) {
        const sent = intendedByAmount.get(transfer.amount)!;
        const ofIt = lines.filter((line) => line.bank_ref === transfer.trans_ref);
        expect(ofIt, transfer.trans_ref).toHaveLength(1);
        const line = ofIt[0]!;
        expect(line.amount).toBe(transfer.amount);
        expect(line.booked_at.getTime()).toBe(transfer.transferred_at.getTime());
        const credited = depositsByRef.get(`slip:${transfer.sending_bank}:${transfer.trans_ref}`) ?? [];
        if (sent.member) {
          expect(line, transfer.trans_ref).toMatchObject({ status: 'credited', member_id: registered.get(sent.accountNo) });
          expect(credited, transfer.trans_ref).toEqual([{ id: line.deposit_id, external_ref: `slip:${transfer.sending_bank}:${transfer.trans_ref}`, amount: transfer.amount, member_id: registered.get(sent.accountNo), method: 'BANK' }]);
        } else {
          expect(line, transfer.trans_ref).toMatchObject({ status: 'waiting', reason: 'no_member', member_id: null, deposit_id: null });
          expect(credited).toEqual([]);
        }
      }
      // Nothing credited that the bank did not receive, and each member got exactly what they sent.
      const bankDeposits = deposits.filter((deposit) => deposit.method === 'BANK');
      const received = sandbox.map((row) => intendedByAmount.get(row.amount)!);
      expect(bankDeposits).toHaveLength(received.filter((sent) => sent.member).length);
      for (const member of members) {
        const sentTotal = received.filter((sent) => sent.member && sent.accountNo === member.accountNo).reduce((sum, sent) => sum + sent.amountMinor, 0n);
        const creditedTotal = bankDeposits.filter((deposit) => deposit.member_id === registered.get(member.accountNo)).reduce((sum, deposit) => sum + deposit.amount, 0n);
        expect(creditedTotal, member.name).toBe(sentTotal);
      }

      // Each deposit is one ledger transfer into the member's wallet, and the ledger is exact.
      const depositTransfers = await db.selectFrom('ledger_transfers').select('idempotency_key').where('kind', '=', 'deposit').execute();
      expect(depositTransfers.map((row) => row.idempotency_key).sort()).toEqual(deposits.map((row) => `deposit:${row.external_ref}`).sort());
      const report = await createLedger(db).verify();
      expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);

      // The kills did land between a read and its credits: lines the server held at the kill and had
      // not written (all of them, or the rest of them mid-way) were credited after a restart.
      const heldNotWritten = kills.reduce((sum, kill) => sum + kill.delivered - kill.written, 0);
      process.stderr.write(`bank feed kills: ${JSON.stringify(kills)}\n`);
      expect(heldNotWritten, JSON.stringify(kills)).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 300_000);
});
