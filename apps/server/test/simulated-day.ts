import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database.js';
import { createLedger } from '../src/modules/ledger/ledger.service.js';
import { call, schemaOfItsOwn, type ServerProcess, startServer, stop } from './server-process.js';

/**
 * A simulated day of money in and out without staff (ADR 0407): members transfer into the operator's
 * AUTO bank account or pay a bank QR of our own (ADR 0410), and withdraw through the sandboxes, compressed into minutes, while the statement
 * feed repeats, posts late and goes into maintenance, and the transfer API loses answers, fails
 * before paying, refuses a closed account and holds transfers pending. Measured from the database and
 * the sandboxes afterwards: what was credited and paid, how fast, and that nothing was done twice.
 * Run by `npm run simulate:day` (bench/simulated-day.ts) and, scaled down, by simulated-day.test.ts.
 */

const FEED_ACCOUNT = '4061234567'; // the demo's SCB account: AUTO, and the sandbox's payout account
const FEED_BANK = 'SCB';
/** The demo's KTB QR account: its QRs are our own, credited from its statement (ADR 0410). */
const OWN_QR_METHOD = 'KTB';
const OWN_QR_ACCOUNT = '9870123456';
/** Members paying by QR pick the screen's quick picks, so many ask the same amount at once. */
const QR_PICKS = [100, 200, 300, 500, 1_000];
/** Banks that pass the sender's name to the statement (bank.sandbox.ts NAME_PASSING_BANKS), and one that does not. */
const NAME_BANKS = ['KBANK', 'BBL', 'KTB'];
const NAMELESS_BANK = 'GSB';
const AUTO_PAYOUT_MAX = 5_000;

export interface DayOptions {
  members: number;
  /** How long the day's traffic lasts, real time. */
  dayMs: number;
  /** The server's reconciler interval, which is how often the feed reads the statement. */
  reconcileIntervalMs: number;
  /** The statement shows a transfer this long after it was made. */
  postingDelaySeconds: number;
  /** PostgreSQL (a schema of its own is made and dropped); PGlite when absent. */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface Figure {
  name: string;
  value: number | null;
  shown: string;
  goal: string;
  met: boolean | null;
}

export interface DayResult {
  figures: Figure[];
  checks: Array<{ name: string; ok: boolean; detail: string }>;
  counts: Record<string, number>;
  serverFigures: { bankCredits: unknown; autoPayout: unknown };
}

type Auth = { authorization: string };

interface SimMember {
  id: bigint;
  phone: string;
  auth: Auth;
  bankCode: string;
  accountNo: string;
  name: string;
  /** Sends its transfers without its name (the sending bank passes none, or this member's channel does not). */
  nameless: boolean;
  /** Uploads the slip of its transfers as well. */
  uploadsSlip: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(values: number[], share: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/** HH:MM in Bangkok, `minutes` from now. */
function bangkokMinute(minutes: number): string {
  const local = new Date(Date.now() + 7 * 3600_000 + minutes * 60_000);
  return `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * A maintenance window (Bangkok HH:MM, a minute at least) that ends within `seconds`: waits until
 * the current minute has at most that long left, then names it, so the window is short.
 */
async function shortMaintenance(seconds: number): Promise<{ window: { from: string; to: string }; endsInMs: number }> {
  const leftMs = () => 60_000 - (Date.now() % 60_000);
  while (leftMs() > seconds * 1000 || leftMs() < 3_000) await sleep(250);
  return { window: { from: bangkokMinute(0), to: bangkokMinute(1) }, endsInMs: leftMs() };
}

/** A number in letters (A, B, …, Z, BA, …): account holder names take letters only. */
function lettersOf(value: number): string {
  let text = '';
  do {
    text = String.fromCharCode(65 + (value % 26)) + text;
    value = Math.floor(value / 26);
  } while (value > 0);
  return text;
}

type Plan = Pick<SimMember, 'bankCode' | 'nameless' | 'uploadsSlip'>;

/** Who a member is at their bank, drawn before the day (in order, so a seed gives the same members). */
function planMember(index: number, random: () => number): Plan {
  const draw = random();
  // Most members bank where the operator's account is, many at other large banks, a few at a bank
  // that passes no name: their transfers need the slip they are asked for.
  const bankCode = draw < 0.55 ? FEED_BANK : draw < 0.9 ? NAME_BANKS[index % NAME_BANKS.length]! : NAMELESS_BANK;
  const nameless = bankCode === NAMELESS_BANK || (bankCode !== FEED_BANK && random() < 0.05);
  // A member whose transfer shows no name is asked for the slip and most upload it; some others do anyway.
  const uploadsSlip = nameless ? random() < 0.85 : random() < 0.1;
  return { bankCode, nameless, uploadsSlip };
}

async function register(base: string, index: number, plan: Plan): Promise<SimMember> {
  const phone = `08${String(10_000_000 + index * 7919 + crypto.randomInt(7919)).slice(-8)}`;
  const { bankCode } = plan;
  const name = `SIM ${lettersOf(index)} ${lettersOf(crypto.randomInt(26 ** 3))}`;
  const accountNo = String(crypto.randomInt(10 ** 9, 10 ** 10));
  const sent = await call(base, 'POST', '/api/otp/send', { phoneNumber: phone });
  const inbox = await call(base, 'GET', `/sandbox/sms/messages?phone=${phone}`);
  const otpCode = (inbox.body.messages as Array<{ otpCode: string }> | undefined)?.[0]?.otpCode;
  if (sent.status !== 200 || !otpCode) throw new Error(`otp for ${phone}: ${sent.status} ${JSON.stringify(sent.body)}`);
  await call(base, 'POST', '/api/otp/verify', { otpToken: sent.body.otpToken, otpCode });
  const created = await call(base, 'POST', '/api/account', { name, username: phone, password: 'sim-day-pass-1', bankCode, bankAccountName: name, bankAccountNo: accountNo });
  if (created.status !== 200) throw new Error(`register ${phone}: ${created.status} ${JSON.stringify(created.body)}`);
  const login = await call(base, 'POST', '/api/login', { username: phone, password: 'sim-day-pass-1' });
  return { id: BigInt(created.body._id as string), phone, auth: { authorization: `Bearer ${login.body.token as string}` }, accountNo, name, ...plan };
}

/** A deterministic stream of numbers in [0, 1) (mulberry32), so a day can be run again alike. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function simulateDay(options: DayOptions): Promise<DayResult> {
  const log = options.log ?? (() => undefined);
  const random = seeded(Number(process.env.SIM_SEED ?? 20261129));
  const cleanups: Array<() => Promise<void>> = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-sim-day-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let server: ServerProcess | undefined;
  try {
    const env: Record<string, string | undefined> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      FAST_HASH: '1',
      DATA_DIR: dataDir,
      RECONCILE_INTERVAL_MS: String(options.reconcileIntervalMs),
      RECONCILE_AFTER_MS: '0',
      // Every simulated member comes from this one address, where members come from thousands.
      OTP_SENDS_PER_ADDRESS_PER_HOUR: String(options.members * 2 + 100),
      FLOOD_LIMIT_ADDRESS_PER_MINUTE: '1000000',
      BANK_TRANSFER_TIMEOUT_MS: '3000',
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'sim-day-chief-pass',
      DATABASE_URL: undefined,
    };
    let schema: string | undefined;
    if (options.databaseUrl) {
      const own = await schemaOfItsOwn(options.databaseUrl, 'simday');
      schema = own.schema;
      env.DATABASE_URL = own.url;
      cleanups.push(own.drop);
    }
    server = await startServer(env);
    const base = server.url;
    const adminLogin = async (username: string, password: string): Promise<Auth> => ({
      authorization: `Bearer ${(await call(base, 'POST', '/api/admin/login', { username, password })).body.token as string}`,
    });
    const chief = await adminLogin('chief', 'sim-day-chief-pass');
    await call(base, 'POST', '/api/admin/operators', { username: 'second-chief', password: 'second-chief-pass-1', roles: ['admin'] }, chief);
    const change = await call(base, 'PUT', '/api/admin/settings/site', { autoPayoutMax: AUTO_PAYOUT_MAX, autoPayoutDailyBudget: 100_000_000 }, chief);
    if (change.status !== 202) throw new Error(`auto-payout settings: ${change.status} ${JSON.stringify(change.body)}`);
    const approved = await call(base, 'POST', `/api/admin/config-changes/${change.body._id}/approve`, undefined, await adminLogin('second-chief', 'second-chief-pass-1'));
    if (approved.status !== 200) throw new Error(`auto-payout approval: ${approved.status}`);

    const registeredAt = performance.now();
    const plans = Array.from({ length: options.members }, (_, index) => planMember(index, random));
    const members: SimMember[] = new Array(options.members);
    await pool(plans, 4, async (plan, index) => {
      members[index] = await register(base, index, plan);
    });
    log(`registered ${options.members} members in ${((performance.now() - registeredAt) / 1000).toFixed(0)} s`);

    // The day's plan: every member transfers once, a fifth twice, a quarter of members' transfers by
    // paying a bank QR of our own; a twentieth of transfers come from strangers; a third of members
    // withdraw (one in ten more than auto-payout pays), two to closed accounts.
    type Event =
      | { at: number; kind: 'transfer'; member: SimMember | null; amount: number; slipAfterMs: number }
      | { at: number; kind: 'qr'; member: SimMember; amount: number; payAfterMs: number }
      | { at: number; kind: 'withdraw'; member: SimMember; amount: number };
    const events: Event[] = [];
    const at = () => Math.floor(random() * options.dayMs);
    // Each of its own amount, whole baht and satang; a slip uploaded a few seconds after the transfer.
    const transferOf = (member: SimMember | null): Event => ({
      at: at(), kind: 'transfer', member, amount: 100 + Math.floor(random() * 4_900) + Math.floor(random() * 100) / 100, slipAfterMs: 2_000 + Math.floor(random() * 10_000),
    });
    const qrOf = (member: SimMember): Event => ({ at: at(), kind: 'qr', member, amount: QR_PICKS[Math.floor(random() * QR_PICKS.length)]!, payAfterMs: 2_000 + Math.floor(random() * 8_000) });
    const depositOf = (member: SimMember) => (random() < 0.25 ? qrOf(member) : transferOf(member));
    for (const member of members) {
      events.push(depositOf(member));
      if (random() < 0.2) events.push(depositOf(member));
    }
    for (let index = 0; index < Math.ceil(members.length / 20); index += 1) events.push(transferOf(null));
    const withdrawing = members.filter(() => random() < 0.33);
    const closed = withdrawing.slice(0, 2).map((member) => member.accountNo);
    await pool(withdrawing, 4, async (member) => {
      const credited = await call(base, 'POST', '/sandbox/wallet/credit', { phone: member.phone, amount: 12_000 });
      if (credited.status !== 200) throw new Error(`fund ${member.phone}: ${credited.status}`);
    });
    for (const member of withdrawing) {
      const large = random() < 0.1;
      events.push({ at: at(), kind: 'withdraw', member, amount: large ? 6_000 + Math.floor(random() * 5_000) : 100 + Math.floor(random() * 2_900) });
    }
    events.sort((a, b) => a.at - b.at);

    // Faults of the whole day, and the moments others begin (fractions of the day). Each PUT sets a
    // sandbox's faults whole: the state here is what is on; one-shot counts go once they are sent.
    const feedFaults: Record<string, unknown> = { repeatEvery: 5, postingDelaySeconds: options.postingDelaySeconds };
    const transferFaults: Record<string, unknown> = { closedAccounts: closed };
    const putFeed = () => call(base, 'PUT', '/sandbox/bank/faults', feedFaults);
    const putTransfer = async () => {
      await call(base, 'PUT', '/sandbox/bank/transfer-faults', transferFaults);
      delete transferFaults.loseAnswers;
      delete transferFaults.failBefore;
    };
    await putFeed();
    await putTransfer();
    const dayStart = Date.now();
    /** A maintenance window: on for as long as the minute it is named by lasts (20 s at most), then off. */
    const maintenance = async (faults: Record<string, unknown>, put: () => Promise<unknown>) => {
      const { window, endsInMs } = await shortMaintenance(20);
      faults.maintenance = window;
      await put();
      await sleep(endsInMs + 1_000);
      delete faults.maintenance;
      await put();
    };
    const timeline: Array<{ at: number; name: string; apply: () => Promise<unknown> }> = [
      { at: 0.1, name: 'feed maintenance', apply: () => maintenance(feedFaults, putFeed) },
      { at: 0.15, name: 'transfer API loses 3 answers', apply: () => ((transferFaults.loseAnswers = 3), putTransfer()) },
      { at: 0.25, name: 'transfer API maintenance', apply: () => maintenance(transferFaults, putTransfer) },
      { at: 0.3, name: 'statement leaves bill-payment references off', apply: () => ((feedFaults.hideBillReferences = true), putFeed()) },
      { at: 0.6, name: 'statement shows bill-payment references again', apply: () => (delete feedFaults.hideBillReferences, putFeed()) },
      { at: 0.45, name: 'transfer API fails 3 before paying', apply: () => ((transferFaults.failBefore = 3), putTransfer()) },
      { at: 0.65, name: 'transfers pending 10 s', apply: () => ((transferFaults.pendingSeconds = 10), putTransfer()) },
      { at: 0.8, name: 'transfers paid at once', apply: () => (delete transferFaults.pendingSeconds, putTransfer()) },
    ];
    const faultsDone = Promise.all(
      timeline.map(async (fault) => {
        await sleep(Math.max(0, dayStart + fault.at * options.dayMs - Date.now()));
        log(`  ${((Date.now() - dayStart) / 1000).toFixed(0)} s: ${fault.name}`);
        await fault.apply();
      }),
    );

    const counts = { memberTransfers: 0, qrPayments: 0, strangerTransfers: 0, slipsUploaded: 0, slipsRefused: 0, withdrawalsRequested: 0, withdrawalsRefused: 0, requestErrors: 0 };
    const memberTransfers = new Map<string, SimMember>();
    const qrPayments = new Set<string>();
    const withdrawalIds: string[] = [];
    /** What members do a few seconds after an event, while the pool goes on: slips uploaded, QRs paid. */
    const followUps: Array<Promise<void>> = [];
    await pool(events, 8, async (event) => {
      await sleep(Math.max(0, dayStart + event.at - Date.now()));
      try {
        if (event.kind === 'withdraw') {
          const answer = await call(base, 'POST', '/api/wallet/withdraw', { amount: event.amount }, { ...event.member.auth, 'idempotency-key': crypto.randomUUID() });
          if (answer.status === 200) withdrawalIds.push(answer.body.withdrawal._id as string);
          else counts.withdrawalsRefused += 1;
          counts.withdrawalsRequested += 1;
          return;
        }
        if (event.kind === 'qr') {
          // The member asks for a QR, scans it with their banking app a few seconds later, and pays it from their registered account.
          const { member } = event;
          const qr = await call(base, 'POST', `/api/qrcode/${OWN_QR_METHOD}`, { amount: event.amount }, { ...member.auth, 'idempotency-key': crypto.randomUUID() });
          if (qr.status !== 200 || !qr.body.hasQrcode) throw new Error(`QR: ${qr.status} ${JSON.stringify(qr.body)}`);
          // The member pays it a little later, while the event pool goes on.
          followUps.push(
            (async () => {
              await sleep(event.payAfterMs);
              const paid = await call(base, 'POST', '/sandbox/bank/qr-payments', {
                payload: qr.body.payload, fromBankCode: member.bankCode, fromAccountNo: member.accountNo, ...(member.nameless ? {} : { fromName: member.name }),
              });
              if (paid.status !== 200) throw new Error(`QR payment: ${paid.status}`);
              counts.memberTransfers += 1;
              counts.qrPayments += 1;
              memberTransfers.set(paid.body.transRef as string, member);
              qrPayments.add(paid.body.transRef as string);
            })().catch((error: unknown) => {
              counts.requestErrors += 1;
              log(`  QR payment failed: ${(error as Error).message}`);
            }),
          );
          return;
        }
        const sender = event.member;
        const from = sender ?? { bankCode: FEED_BANK, accountNo: String(crypto.randomInt(10 ** 9, 10 ** 10)), name: 'SOMEONE ELSE', nameless: false };
        const amount = event.amount;
        const sent = await call(base, 'POST', '/sandbox/bank/transfers', {
          amount, toAccountNo: FEED_ACCOUNT, toBankCode: FEED_BANK, fromBankCode: from.bankCode, fromAccountNo: from.accountNo, ...(from.nameless ? {} : { fromName: from.name }),
        });
        if (sent.status !== 200) throw new Error(`transfer: ${sent.status}`);
        if (!sender) {
          counts.strangerTransfers += 1;
          return;
        }
        counts.memberTransfers += 1;
        memberTransfers.set(sent.body.transRef as string, sender);
        if (sender.uploadsSlip) {
          // The member uploads the slip a little after the transfer, while the event pool goes on.
          followUps.push(
            (async () => {
              await sleep(event.slipAfterMs);
              const form = new FormData();
              form.append('file', new Blob([Buffer.from((sent.body.slip as string).split(',')[1]!, 'base64')], { type: 'image/png' }), 'slip.png');
              const uploaded = await fetch(`${base}/api/wallet/slip`, { method: 'POST', headers: { ...sender.auth, 'x-client': 'wallet-user' }, body: form });
              counts.slipsUploaded += 1;
              if (uploaded.status !== 200) counts.slipsRefused += 1;
              await uploaded.arrayBuffer();
            })().catch(() => void (counts.requestErrors += 1)),
          );
        }
      } catch (error) {
        counts.requestErrors += 1;
        log(`  request failed: ${(error as Error).message}`);
      }
    });
    await Promise.all(followUps);
    await faultsDone;
    log(`day's traffic done in ${((Date.now() - dayStart) / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`);

    // The day ends; the feed and the payouts catch up: every member transfer credited or waiting, no payout open.
    const open = () => openDatabase(options.databaseUrl ? { databaseUrl: options.databaseUrl, schema } : { dataDir: path.join(dataDir, 'db') });
    const settleBy = Date.now() + options.postingDelaySeconds * 1000 + 4 * options.reconcileIntervalMs + 120_000;
    const serverFigures = { bankCredits: null as unknown, autoPayout: null as unknown };
    for (;;) {
      const state = await call(base, 'GET', '/api/admin/auto-payout', undefined, chief);
      const lines = await call(base, 'GET', '/api/admin/bank-credits/figures', undefined, chief);
      serverFigures.autoPayout = state.body;
      serverFigures.bankCredits = lines.body;
      const today = (lines.body.periods as Array<{ period: string; received: number }> | undefined)?.find((period) => period.period === 'today');
      const inFlight = Number((state.body as { inFlight?: number }).inFlight ?? 0);
      const allRead = (today?.received ?? 0) >= counts.memberTransfers + counts.strangerTransfers;
      if ((allRead && inFlight === 0) || Date.now() > settleBy) break;
      await sleep(2_000);
    }
    await stop(server, 'SIGTERM');
    server = undefined;

    const database = await open();
    try {
      return { ...(await measure(database.db, { memberTransfers, qrPayments, withdrawalIds, closed, postingDelaySeconds: options.postingDelaySeconds })), counts, serverFigures };
    } finally {
      await database.close();
    }
  } finally {
    if (server) await stop(server, 'SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

type Database = Awaited<ReturnType<typeof openDatabase>>['db'];

async function measure(db: Database, day: { memberTransfers: Map<string, SimMember>; qrPayments: Set<string>; withdrawalIds: string[]; closed: string[]; postingDelaySeconds: number }): Promise<Omit<DayResult, 'counts' | 'serverFigures'>> {
  const checks: DayResult['checks'] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const transfers = await db.selectFrom('sandbox_bank_transfers').select(['trans_ref', 'sending_bank', 'amount', 'transferred_at']).where('to_account_no', 'in', [FEED_ACCOUNT, OWN_QR_ACCOUNT]).execute();
  const deposits = await db.selectFrom('deposits').select(['id', 'external_ref', 'amount', 'member_id', 'method', 'created_at']).execute();
  const lines = await db.selectFrom('bank_credits').select(['bank_ref', 'status', 'reason']).execute();
  const depositsByRef = new Map<string, typeof deposits>();
  for (const deposit of deposits) {
    const ref = deposit.external_ref.split(':').at(-1)!;
    depositsByRef.set(ref, [...(depositsByRef.get(ref) ?? []), deposit]);
  }
  const linesByRef = new Map<string, number>();
  for (const line of lines) linesByRef.set(line.bank_ref, (linesByRef.get(line.bank_ref) ?? 0) + 1);

  // Money in: each transfer credited at most once (by its reference, whichever of feed and slip came first), for its amount.
  const twice = transfers.filter((transfer) => (depositsByRef.get(transfer.trans_ref)?.length ?? 0) > 1 || (linesByRef.get(transfer.trans_ref) ?? 0) > 1);
  check('every transfer credited at most once', twice.length === 0, `${twice.length} of ${transfers.length} credited or written twice`);
  const wrongAmount = transfers.filter((transfer) => depositsByRef.get(transfer.trans_ref)?.some((deposit) => deposit.amount !== transfer.amount));
  check('every credit for the transfer’s amount', wrongAmount.length === 0, `${wrongAmount.length} differ`);
  const strangersCredited = transfers.filter((transfer) => !day.memberTransfers.has(transfer.trans_ref) && depositsByRef.has(transfer.trans_ref));
  check('no stranger’s transfer credited', strangersCredited.length === 0, `${strangersCredited.length} credited`);
  const unknownDeposits = deposits.filter((deposit) => (deposit.method === 'BANK' || deposit.method === OWN_QR_METHOD) && !transfers.some((transfer) => deposit.external_ref.endsWith(`:${transfer.trans_ref}`)));
  check('no credit without a transfer', unknownDeposits.length === 0, `${unknownDeposits.length} credits match no transfer`);

  const toOthers = [...day.memberTransfers].filter(([ref, member]) => depositsByRef.get(ref)?.some((deposit) => deposit.member_id !== member.id));
  check('every member’s transfer credited to that member', toOthers.length === 0, `${toOthers.length} credited to another member`);

  // A paid QR of our own names its member, and every QR was paid from its member's registered account.
  const qrUncredited = [...day.qrPayments].filter((ref) => !depositsByRef.has(ref));
  const qrs = await db.selectFrom('deposit_qrcodes').select('amount').where('account_id', 'is not', null).execute();
  const satangMore = qrs.filter((qr) => qr.amount % 100n !== 0n).length;
  check('every paid QR of our own credited', qrUncredited.length === 0, `${day.qrPayments.size - qrUncredited.length} of ${day.qrPayments.size} credited; ${satangMore} of ${qrs.length} QRs asked a few satang more than typed`);

  const waitingCredited = lines.filter((line) => line.status === 'waiting' && depositsByRef.has(line.bank_ref));
  check('no line waits for staff whose transfer was credited', waitingCredited.length === 0, `${waitingCredited.length} waiting lines already credited`);

  const seconds: number[] = [];
  let credited = 0;
  const transferByRef = new Map(transfers.map((transfer) => [transfer.trans_ref, transfer]));
  for (const ref of day.memberTransfers.keys()) {
    const deposit = depositsByRef.get(ref)?.[0];
    const transfer = transferByRef.get(ref);
    if (!deposit || !transfer) continue;
    credited += 1;
    seconds.push(Math.max(0, (deposit.created_at.getTime() - transfer.transferred_at.getTime()) / 1000 - day.postingDelaySeconds));
  }
  const memberCount = day.memberTransfers.size;
  const uncredited = [...day.memberTransfers].filter(([ref]) => !depositsByRef.has(ref));
  const namelessWithoutSlip = uncredited.filter(([, member]) => member.nameless && !member.uploadsSlip).length;
  const lineOf = new Map(lines.map((line) => [line.bank_ref, line]));
  const otherUncredited = uncredited.filter(([, member]) => !(member.nameless && !member.uploadsSlip)).map(([ref, member]) => `${ref} ${member.bankCode}${member.nameless ? ' nameless' : ''}${member.uploadsSlip ? ' slip' : ''} ${lineOf.get(ref)?.status ?? 'no line'} ${lineOf.get(ref)?.reason ?? ''}`);
  const share = memberCount === 0 ? null : credited / memberCount;
  const p95 = percentile(seconds, 0.95);

  // Money out: the bank paid each auto-paid withdrawal once, for its amount; each refused one returned.
  const withdrawals = day.withdrawalIds.length === 0 ? [] : await db.selectFrom('withdrawals').select(['id', 'status', 'decided_by', 'reference', 'amount', 'created_at', 'decided_at', 'bank_account_no']).where('id', 'in', day.withdrawalIds).execute();
  const made = await db.selectFrom('sandbox_bank_payouts').select(['our_ref', 'amount', 'status', 'requests']).where('our_ref', 'is not', null).execute();
  const madeByRef = new Map<string, typeof made>();
  for (const row of made) madeByRef.set(row.our_ref!, [...(madeByRef.get(row.our_ref!) ?? []), row]);
  const autoPaid = withdrawals.filter((row) => row.status === 'SUCCESS' && row.decided_by === 'auto-payout');
  const badPaid = autoPaid.filter((row) => madeByRef.get(row.reference)?.length !== 1 || madeByRef.get(row.reference)![0]!.status !== 'SUCCESS' || madeByRef.get(row.reference)![0]!.amount !== row.amount);
  check('every auto-paid withdrawal paid exactly once by the bank, for its amount', badPaid.length === 0, `${badPaid.length} of ${autoPaid.length} not paid exactly once`);
  const paidByBank = made.filter((row) => row.status === 'SUCCESS');
  const paidNotOurs = paidByBank.filter((row) => !autoPaid.some((withdrawal) => withdrawal.reference === row.our_ref));
  check('the bank paid nothing but auto-paid withdrawals', paidNotOurs.length === 0, `${paidNotOurs.length} paid transfers without a paid withdrawal; ${paidByBank.length} paid, ${made.reduce((sum, row) => sum + row.requests, 0)} requests`);
  const paidSum = paidByBank.reduce((sum, row) => sum + row.amount, 0n);
  const autoPaidSum = autoPaid.reduce((sum, row) => sum + row.amount, 0n);
  check('the bank’s paid sum is the auto-paid withdrawals’ sum', paidSum === autoPaidSum, `bank ${paidSum}, ours ${autoPaidSum} (minor units)`);
  const failed = withdrawals.filter((row) => row.status === 'FAILED');
  const returned = failed.length === 0 ? [] : await db.selectFrom('ledger_transfers').select('reference').where('kind', '=', 'withdrawal_return').where('reference', 'in', failed.map((row) => row.id)).execute();
  check('every failed payout returned to the wallet once', returned.length === failed.length && new Set(returned.map((row) => row.reference)).size === failed.length, `${failed.length} failed, ${returned.length} returns`);
  const closedFailed = failed.filter((row) => day.closed.includes(row.bank_account_no));
  const closedRequested = withdrawals.filter((row) => day.closed.includes(row.bank_account_no));
  check('the closed accounts’ withdrawals refused by the bank', closedFailed.length === closedRequested.length, `${closedFailed.length} of ${closedRequested.length}`);
  const openLeft = await db.selectFrom('payouts').select('withdrawal_id').where('status', 'in', ['sending', 'pending']).execute();
  check('no payout left open at the day’s end', openLeft.length === 0, `${openLeft.length} open`);

  const eligible = withdrawals.filter((row) => row.amount <= BigInt(AUTO_PAYOUT_MAX * 100) && !day.closed.includes(row.bank_account_no));
  const eligiblePaid = eligible.filter((row) => row.status === 'SUCCESS' && row.decided_by === 'auto-payout');
  const payoutSeconds = autoPaid.map((row) => (row.decided_at!.getTime() - row.created_at.getTime()) / 1000);
  const payoutShare = eligible.length === 0 ? null : eligiblePaid.length / eligible.length;
  const payoutP95 = percentile(payoutSeconds, 0.95);

  const report = await createLedger(db).verify();
  check('ledger verifies exactly', report.ok, report.ok ? 'ok' : JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value)).slice(0, 500));

  const waiting = lines.filter((line) => line.status === 'waiting');
  const reasons = [...new Set(waiting.map((line) => line.reason))].map((reason) => `${reason} ${waiting.filter((line) => line.reason === reason).length}`).join(', ');
  const pct = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)} %`);
  const secs = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} s`);
  const figures: Figure[] = [
    { name: `member deposits credited without staff (${credited} of ${memberCount}; not credited: ${namelessWithoutSlip} sent without a name and no slip, ${otherUncredited.length} others${otherUncredited.length ? ` [${otherUncredited.slice(0, 5).join('; ')}]` : ''}; lines waiting: ${reasons || 'none'})`, value: share, shown: pct(share), goal: '≥ 95 %', met: share !== null && share >= 0.95 },
    { name: `p95 transfer to credit, less the feed's posting delay (${day.postingDelaySeconds} s; median ${secs(percentile(seconds, 0.5))})`, value: p95, shown: secs(p95), goal: '< 60 s', met: p95 !== null && p95 < 60 },
    { name: `withdrawals within auto-payout's limit auto-paid (${eligiblePaid.length} of ${eligible.length}; all withdrawals ${withdrawals.length}, auto-paid ${autoPaid.length}, failed ${failed.length})`, value: payoutShare, shown: pct(payoutShare), goal: '≥ 95 %', met: payoutShare !== null && payoutShare >= 0.95 },
    { name: `p95 withdrawal request to paid (median ${secs(percentile(payoutSeconds, 0.5))})`, value: payoutP95, shown: secs(payoutP95), goal: '< 120 s', met: payoutP95 !== null && payoutP95 < 120 },
  ];
  return { figures, checks };
}
