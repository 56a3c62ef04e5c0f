import crypto from 'node:crypto';
import { sql } from 'kysely';
import { generate } from 'promptparse';
import { billPayment } from 'promptparse/validate';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { z } from 'zod';
import { parseDecimal, toMajor, toMinor } from '@wallet/contract';
import { VERIFY_STATUS } from '../adapters/slip-verifier.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/types.js';
import type { LookupService } from '../modules/lookup/lookup.service.js';

const VERIFY_OUTCOMES = ['OK', 'TRIPPLE_WRONG_CAPTCHA', 'UNKNOW_ERROR'] as const;

const transferBody = z.object({
  amount: z.number().positive().max(2_000_000),
  toAccountNo: z.string().regex(/^\d{6,15}$/),
  /** A bank key (KBANK) or its 3-digit slip code (004); KBANK when left out. */
  fromBankCode: z.string().regex(/^[A-Z0-9]{2,10}$/).optional(),
  fromAccountNo: z.string().regex(/^\d{6,15}$/).optional(),
  /** The sender's account holder name, as their bank knows it; the statement shows it where banks pass it on. */
  fromName: z.string().trim().min(1).max(100).optional(),
  /**
   * The receiving account's bank (key or slip code); KBANK when left out. A real bank knows its own
   * accounts; the sandbox is told, since it may not read the product's deposit_accounts (table-owners.json).
   */
  toBankCode: z.string().regex(/^[A-Z0-9]{2,10}$/).optional(),
  minutesAgo: z.number().int().min(0).max(60 * 24 * 30).optional(),
  /** What the verifier will answer about this transfer (testers reach its failure codes). */
  verifyOutcome: z.enum(VERIFY_OUTCOMES).optional(),
  /** The money moved: baht unless said (the Lao accounts take kip). */
  currency: z.enum(['THB', 'LAK']).optional(),
});

/** A member paying a PromptPay bill-payment QR from their banking app: the QR says to whom, how much and with which reference. */
const qrPaymentBody = z.object({
  payload: z.string().min(1).max(512),
  fromBankCode: z.string().regex(/^[A-Z0-9]{2,10}$/).optional(),
  fromAccountNo: z.string().regex(/^\d{6,15}$/).optional(),
  fromName: z.string().trim().min(1).max(100).optional(),
  minutesAgo: z.number().int().min(0).max(60 * 24 * 30).optional(),
});

/** The operator's staff paying a withdrawal out by hand from one of the operator's accounts. */
const payoutBody = z.object({
  fromAccountNo: z.string().regex(/^\d{6,15}$/),
  /** The receiving bank's key (KBANK) or slip code (004), as staff pick it in the banking app. */
  toBankCode: z.string().regex(/^[A-Z0-9]{2,10}$/),
  toAccountNo: z.string().regex(/^\d{6,15}$/),
  toName: z.string().max(100).optional(),
  amount: z.number().positive().max(2_000_000),
  currency: z.enum(['THB', 'LAK']).optional(),
  memo: z.string().max(100).optional(),
  minutesAgo: z.number().int().min(0).max(60 * 24 * 30).optional(),
});

const statementFaults = z.object({
  // Incoming transfers into one account that arrive within this many minutes of the first of them are
  // booked as one credit line (with their count and time span), as banks do with some channels; 0: never.
  batchCreditsWithinMinutes: z.number().int().min(0).max(24 * 60).default(0),
  // Which accounts batch; all when empty.
  batchAccounts: z.array(z.string()).max(50).default([]),
  // Entries (by bankRef: a transfer's transRef, a payout's bankRef) the statement leaves out.
  omit: z.array(z.string()).max(100).default([]),
  // Entries nobody sent: they appear on the named account's statement.
  extraEntries: z
    .array(
      z.object({
        accountNo: z.string(),
        direction: z.enum(['credit', 'debit']).default('credit'),
        amount: z.number().positive(),
        currency: z.enum(['THB', 'LAK']).default('THB'),
        minutesAgo: z.number().int().min(0).default(0),
        counterpartyBank: z.string().nullable().default(null),
        counterpartyAccount: z.string().nullable().default(null),
        counterpartyName: z.string().nullable().default(null),
      }),
    )
    .max(100)
    .default([]),
  // The feed answers 503, as a bank's API does in its nightly window.
  unavailable: z.boolean().default(false),
  // An incoming transfer shows on the statement only this long after it was made, on the sandbox's
  // clock: interbank credits post late, so a window already read can gain entries afterwards.
  postingDelaySeconds: z.number().int().min(0).max(7 * 24 * 3600).default(0),
  // Entries (by bankRef) the feed answers twice in one answer, and again in answers for later windows
  // (up to a day after them), as feeds do after a retry on their side.
  repeat: z.array(z.string()).max(100).default([]),
  // The same for every Nth incoming transfer into an account (counted oldest first over the account's history); 0: none.
  repeatEvery: z.number().int().min(0).max(1_000).default(0),
  // A daily maintenance window in Bangkok time (HH:MM, may wrap midnight): the feed answers 503 MAINTENANCE during it.
  maintenance: z
    .object({ from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/), to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/) })
    .nullable()
    .default(null),
  // Bill payments' references (ref1) are left off the statement, as some banks' feeds do.
  hideBillReferences: z.boolean().default(false),
  // Each answer of the feed waits this long first, so a caller's time-out fires.
  slowMs: z.number().int().min(0).max(120_000).default(0),
});

/** A day after an entry, a feed that repeats it stops doing so. */
const REPEAT_HORIZON_MS = 24 * 3600_000;

/**
 * Banks whose interbank transfers carry the sender's account holder name to the receiving bank's
 * statement (slip codes): the five largest (BBL, KBANK, KTB, SCB, BAY). A sandbox choice, not a
 * checked fact: which banks pass names over ITMX varies by bank and channel; the others show none.
 */
export const NAME_PASSING_BANKS: ReadonlySet<string> = new Set(['002', '004', '006', '014', '025']);

/** The sender of an incoming transfer as the receiving bank's statement shows it (ADR 0396). */
export function shownSender(transfer: { sending_bank: string; receiving_bank: string; from_account_no: string | null; from_name: string | null }): { bank: string; account: string | null; name: string | null } {
  if (transfer.sending_bank === transfer.receiving_bank) return { bank: transfer.sending_bank, account: transfer.from_account_no, name: transfer.from_name };
  return {
    bank: transfer.sending_bank,
    account: transfer.from_account_no ? maskAccount(transfer.from_account_no) : null,
    name: NAME_PASSING_BANKS.has(transfer.sending_bank) ? transfer.from_name : null,
  };
}

/** Minutes since midnight of an HH:MM. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** How many seconds of a Bangkok HH:MM–HH:MM window (wrapping midnight when `to` is earlier) remain at an instant; 0 outside it. */
export function maintenanceLeft(window: { from: string; to: string }, at: Date): number {
  const day = 24 * 60;
  const seconds = Math.floor(((at.getTime() / 1000 + 7 * 3600) % (day * 60) + day * 60) % (day * 60));
  const start = minutesOf(window.from) * 60;
  const end = minutesOf(window.to) * 60;
  const length = (end - start + day * 60) % (day * 60);
  const into = (seconds - start + day * 60) % (day * 60);
  return into < length ? length - into : 0;
}

const statementQuery = z.object({ accountNo: z.string().regex(/^\d{6,15}$/), from: z.string().datetime({ offset: true }), to: z.string().datetime({ offset: true }) });

/** One line of an account statement as the sandbox bank's feed answers it: amounts in baht (or kip) with two decimals. */
interface StatementLine {
  bankRef: string;
  direction: 'credit' | 'debit';
  amount: string;
  currency: string;
  at: string;
  counterparty: { bank: string | null; account: string | null; name: string | null };
  description: string;
  reference?: string;
  batch?: { count: number; from: string; to: string };
}

const decimal = (amount: bigint) => toMajor(amount).toFixed(2);

const pad = (value: number) => String(value).padStart(2, '0');

/** Bangkok wall-clock parts of an instant (UTC+7, no DST). */
function bangkokParts(at: Date) {
  const local = new Date(at.getTime() + 7 * 3600_000);
  return {
    date: `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`,
    shown: `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** The way a bank prints an account on a slip: only the last four digits before the check digit. */
export function maskAccount(accountNo: string): string {
  const digits = accountNo.replace(/\D/g, '');
  return [...digits].map((digit, index) => (index >= digits.length - 5 && index < digits.length - 1 ? digit : 'x')).join('');
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A phone-sized slip image, like a banking app's "transfer successful" screen, with its mini-QR. */
export async function renderSlipImage(slip: { bankName: string; amount: bigint; at: Date; fromAccount: string; toAccount: string; transRef: string; miniQr: string }): Promise<Buffer> {
  const width = 720;
  const height = 1200;
  const qrSize = 220;
  const lines: Array<[number, string, number, string]> = [
    [150, 'Transfer successful', 40, '#0a7f3f'],
    [210, bangkokParts(slip.at).shown, 26, '#555'],
    [320, `From  ${slip.fromAccount}`, 30, '#222'],
    [380, `To    ${slip.toAccount}`, 30, '#222'],
    [500, `${toMajor(slip.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })} THB`, 56, '#111'],
    [600, `Ref. ${slip.transRef}`, 24, '#555'],
  ];
  const text = lines
    .map(([y, content, size, color]) => `<text x="48" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="${color}">${escapeXml(content)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f4f6f8"/>
    <rect x="0" y="0" width="${width}" height="90" fill="#138f5a"/>
    <text x="48" y="60" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#fff">${escapeXml(slip.bankName)}</text>
    <rect x="24" y="110" width="${width - 48}" height="${height - 150}" rx="24" fill="#fff"/>
    ${text}
    <text x="48" y="${height - 120}" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#888">Scan to verify</text>
  </svg>`;
  const qr = await QRCode.toBuffer(slip.miniQr, { type: 'png', width: qrSize, margin: 2, errorCorrectionLevel: 'M' });
  return sharp(Buffer.from(svg))
    .composite([{ input: qr, left: width - qrSize - 56, top: height - qrSize - 80 }])
    .png()
    .toBuffer();
}

/**
 * The stand-in bank (DESIGN §7): it records transfers, issues slip images carrying a real
 * mini-QR for them, and answers the slip verifier's lookups the way SCB's API does.
 */
export function registerBankSandbox(app: App, db: Db, options: { now: () => Date; banks: Pick<LookupService, 'slipBank'> }): void {
  /** A transfer into one of the bank's accounts, recorded as made; its transRef and slip image. */
  async function recordTransfer(transfer: {
    amount: bigint;
    sendingBank: { slip_code: string; name_en: string };
    receivingBank: string;
    fromAccountNo?: string | undefined;
    fromName?: string | undefined;
    toAccountNo: string;
    minutesAgo?: number | undefined;
    verifyOutcome?: (typeof VERIFY_OUTCOMES)[number] | undefined;
    currency?: 'THB' | 'LAK' | undefined;
    billReference?: string;
  }) {
    const at = new Date(options.now().getTime() - (transfer.minutesAgo ?? 0) * 60_000);
    const transRef = `${bangkokParts(at).date.slice(2)}${crypto.randomBytes(7).toString('hex').toUpperCase()}`;
    await db
      .insertInto('sandbox_bank_transfers')
      .values({
        trans_ref: transRef,
        sending_bank: transfer.sendingBank.slip_code,
        from_account_no: transfer.fromAccountNo ?? null,
        from_name: transfer.fromName ?? null,
        to_account_no: transfer.toAccountNo,
        receiving_bank: transfer.receivingBank,
        amount: transfer.amount,
        transferred_at: at,
        verify_outcome: transfer.verifyOutcome ?? 'OK',
        currency: transfer.currency ?? 'THB',
        bill_reference: transfer.billReference ?? null,
      })
      .execute();
    const image = await renderSlipImage({
      bankName: transfer.sendingBank.name_en,
      amount: transfer.amount,
      at,
      fromAccount: transfer.fromAccountNo ? maskAccount(transfer.fromAccountNo) : 'xxx-x-xxxxx-x',
      toAccount: maskAccount(transfer.toAccountNo),
      transRef,
      miniQr: generate.slipVerify({ sendingBank: transfer.sendingBank.slip_code, transRef }),
    });
    return { transRef, slip: `data:image/png;base64,${image.toString('base64')}` };
  }

  app.post('/sandbox/bank/transfers', { schema: { hide: true, body: transferBody } }, async (request, reply) => {
    const body = request.body;
    const amount = toMinor(body.amount);
    const [bank, receivingBank] = await Promise.all([options.banks.slipBank(body.fromBankCode ?? 'KBANK'), options.banks.slipBank(body.toBankCode ?? 'KBANK')]);
    if (amount === null || !bank?.slip_code || !receivingBank?.slip_code) return reply.status(400).send({ message: 'KEY_INVALID' });
    return recordTransfer({ ...body, amount, sendingBank: { slip_code: bank.slip_code, name_en: bank.name_en }, receivingBank: receivingBank.slip_code });
  });

  /**
   * A member's banking app paying a PromptPay bill-payment QR: the biller ID names the receiving
   * account (the bank's own register of billers), the QR fixes the amount, and the transfer keeps the
   * QR's reference (ref1), which the receiving account's statement shows.
   */
  app.post('/sandbox/bank/qr-payments', { schema: { hide: true, body: qrPaymentBody } }, async (request, reply) => {
    const body = request.body;
    const qr = billPayment(body.payload);
    const amount = qr?.amount === undefined ? null : toMinor(qr.amount);
    if (!qr || amount === null || amount <= 0n) return reply.status(400).send({ message: 'QR_NOT_PAYABLE' });
    const biller = await db.selectFrom('sandbox_bank_billers').selectAll().where('biller_id', '=', qr.billerId).executeTakeFirst();
    if (!biller) return reply.status(404).send({ message: 'BILLER_NOT_FOUND' });
    const bank = await options.banks.slipBank(body.fromBankCode ?? 'KBANK');
    if (!bank?.slip_code) return reply.status(400).send({ message: 'KEY_INVALID' });
    return recordTransfer({ ...body, amount, sendingBank: { slip_code: bank.slip_code, name_en: bank.name_en }, receivingBank: biller.bank_code, toAccountNo: biller.account_no, billReference: qr.ref1 });
  });

  app.get(
    '/sandbox/bank/api/v1/payment/billpayment/transactions/:transRef',
    { schema: { hide: true, params: z.object({ transRef: z.string() }), querystring: z.object({ sendingBank: z.string() }) } },
    async (request) => {
      const transfer = await db
        .selectFrom('sandbox_bank_transfers')
        .selectAll()
        .where('trans_ref', '=', request.params.transRef)
        .where('sending_bank', '=', request.query.sendingBank)
        .executeTakeFirst();
      if (!transfer) return { status: { code: VERIFY_STATUS.notFound, description: 'Transaction not found' } };
      if (transfer.verify_outcome === 'TRIPPLE_WRONG_CAPTCHA') return { status: { code: VERIFY_STATUS.captcha, description: 'Captcha failed three times' } };
      if (transfer.verify_outcome === 'UNKNOW_ERROR') return { status: { code: 9999, description: 'Bank system unavailable' } };
      const when = bangkokParts(transfer.transferred_at);
      return {
        status: { code: VERIFY_STATUS.success, description: 'Success' },
        data: {
          transRef: transfer.trans_ref,
          sendingBank: transfer.sending_bank,
          transDate: when.date,
          transTime: when.time,
          amount: toMajor(transfer.amount).toFixed(2),
          sender: { account: { type: 'BANKAC', value: transfer.from_account_no ? maskAccount(transfer.from_account_no) : null } },
          receiver: { account: { type: 'BANKAC', value: maskAccount(transfer.to_account_no) } },
        },
      };
    },
  );

  app.post('/sandbox/bank/payouts', { schema: { hide: true, body: payoutBody } }, async (request, reply) => {
    const body = request.body;
    const amount = toMinor(body.amount);
    const bank = await options.banks.slipBank(body.toBankCode);
    if (amount === null || !bank?.slip_code) return reply.status(400).send({ message: 'KEY_INVALID' });
    const at = new Date(options.now().getTime() - (body.minutesAgo ?? 0) * 60_000);
    const bankRef = `${bangkokParts(at).date.slice(2)}P${crypto.randomBytes(7).toString('hex').toUpperCase()}`;
    await db
      .insertInto('sandbox_bank_payouts')
      .values({
        bank_ref: bankRef,
        from_account_no: body.fromAccountNo,
        to_bank_code: bank.slip_code,
        to_account_no: body.toAccountNo,
        to_name: body.toName ?? null,
        amount,
        currency: body.currency ?? 'THB',
        memo: body.memo ?? null,
        paid_at: at,
      })
      .execute();
    return { bankRef };
  });

  let faults = statementFaults.parse({});
  let faultsSetAt = options.now().getTime();
  app.put('/sandbox/bank/faults', { schema: { hide: true, body: statementFaults } }, async (request) => {
    faults = request.body;
    faultsSetAt = options.now().getTime();
    return faults;
  });

  /**
   * An account's statement between two instants, oldest first, as a bank's corporate feed gives
   * it: incoming transfers as credits, payouts as debits, the other side as the bank shows it (in
   * full within the bank, masked from another, its name where the sending bank passes it). The
   * faults make it disagree with what happened, late, repeated, slow or down (ADR 0396).
   */
  app.get('/sandbox/bank/api/statements', { schema: { hide: true, querystring: statementQuery } }, async (request, reply) => {
    if (faults.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
    const now = options.now();
    const maintenance = faults.maintenance ? maintenanceLeft(faults.maintenance, now) : 0;
    if (maintenance > 0) {
      return reply
        .status(503)
        .header('retry-after', String(maintenance))
        .send({ error: 'MAINTENANCE', message: `Scheduled maintenance ${faults.maintenance!.from}-${faults.maintenance!.to} (Asia/Bangkok)` });
    }
    if (faults.unavailable) return reply.status(503).send({ error: 'STATEMENT_UNAVAILABLE' });
    const { accountNo } = request.query;
    const from = new Date(request.query.from);
    const to = new Date(request.query.to);
    const repeating = faults.repeat.length > 0 || faults.repeatEvery > 0;
    // A repeating feed also answers entries of the day before the window again, so those are read too.
    const since = repeating ? new Date(from.getTime() - REPEAT_HORIZON_MS) : from;
    await clearPendingPayouts(db, now);
    const [transfers, payouts, everyNth] = await Promise.all([
      db.selectFrom('sandbox_bank_transfers').selectAll().where('to_account_no', '=', accountNo).where('transferred_at', '>=', since).where('transferred_at', '<', to).orderBy('transferred_at').execute(),
      // Money left the account only for paid transfers: a pending or refused one is not on the statement.
      db.selectFrom('sandbox_bank_payouts').selectAll().where('from_account_no', '=', accountNo).where('status', '=', 'SUCCESS').where('paid_at', '>=', since).where('paid_at', '<', to).orderBy('paid_at').execute(),
      faults.repeatEvery > 0 ? repeatedEveryNth(accountNo, to) : Promise.resolve([]),
    ]);
    const repeated = new Set([...faults.repeat, ...everyNth]);
    const posted = now.getTime() - faults.postingDelaySeconds * 1000;
    const kept = <T,>(rows: T[], ref: (row: T) => string) => rows.filter((row) => !faults.omit.includes(ref(row)));
    const credit = (row: (typeof transfers)[number]): StatementLine => ({
      bankRef: row.trans_ref,
      direction: 'credit',
      amount: decimal(row.amount),
      currency: row.currency,
      at: row.transferred_at.toISOString(),
      counterparty: shownSender(row),
      description: row.bill_reference ? 'BILL PAYMENT' : 'TRANSFER IN',
      ...(row.bill_reference && !faults.hideBillReferences ? { reference: row.bill_reference } : {}),
    });
    const debit = (row: (typeof payouts)[number]): StatementLine => ({
      bankRef: row.bank_ref,
      direction: 'debit',
      amount: decimal(row.amount),
      currency: row.currency,
      at: row.paid_at.toISOString(),
      counterparty: { bank: row.to_bank_code, account: maskAccount(row.to_account_no), name: row.to_name },
      description: row.memo ? `TRANSFER OUT ${row.memo}` : 'TRANSFER OUT',
    });
    const shown = kept(transfers, (row) => row.trans_ref).filter((row) => faults.postingDelaySeconds === 0 || row.transferred_at.getTime() <= posted);
    const inWindow = (at: Date) => at >= from;
    const credits = batched(accountNo, shown.filter((row) => inWindow(row.transferred_at)).map(credit));
    const debits = kept(payouts, (row) => row.bank_ref)
      .filter((row) => inWindow(row.paid_at))
      .map(debit);
    const extras = faults.extraEntries.flatMap((extra, index): StatementLine[] => {
      const at = new Date(faultsSetAt - extra.minutesAgo * 60_000);
      const amount = toMinor(extra.amount);
      if (extra.accountNo !== accountNo || at < from || at >= to || amount === null) return [];
      return [
        {
          bankRef: `X${crypto.createHash('sha256').update(`${index}:${accountNo}:${extra.amount}`).digest('hex').slice(0, 15).toUpperCase()}`,
          direction: extra.direction,
          amount: decimal(amount),
          currency: extra.currency,
          at: at.toISOString(),
          counterparty: { bank: extra.counterpartyBank, account: extra.counterpartyAccount ? maskAccount(extra.counterpartyAccount) : null, name: extra.counterpartyName },
          description: extra.direction === 'credit' ? 'TRANSFER IN' : 'TRANSFER OUT',
        },
      ];
    });
    const answered = [...credits, ...debits, ...extras];
    // Repeats: each repeated line of the window a second time, and the repeated ones of the day before once more.
    const again = [
      ...answered.filter((line) => repeated.has(line.bankRef)),
      ...shown.filter((row) => !inWindow(row.transferred_at) && repeated.has(row.trans_ref)).map(credit),
      ...kept(payouts, (row) => row.bank_ref)
        .filter((row) => !inWindow(row.paid_at) && repeated.has(row.bank_ref))
        .map(debit),
    ];
    const entries = [...answered, ...again].sort((a, b) => a.at.localeCompare(b.at) || a.bankRef.localeCompare(b.bankRef));
    return { accountNo, from: from.toISOString(), to: to.toISOString(), entries };
  });

  /** The transRefs of every Nth incoming transfer into an account (repeatEvery), counted over its history up to an instant. */
  async function repeatedEveryNth(accountNo: string, until: Date): Promise<string[]> {
    const refs = await db
      .selectFrom('sandbox_bank_transfers')
      .select('trans_ref')
      .where('to_account_no', '=', accountNo)
      .where('transferred_at', '<', until)
      .orderBy('transferred_at')
      .orderBy('trans_ref')
      .execute();
    return refs.filter((_, index) => (index + 1) % faults.repeatEvery === 0).map((row) => row.trans_ref);
  }

  /** Credits of an account booked together where the batching fault says so: one line per run, its amount their sum. */
  function batched(accountNo: string, credits: StatementLine[]): StatementLine[] {
    const within = faults.batchCreditsWithinMinutes * 60_000;
    if (within === 0 || (faults.batchAccounts.length > 0 && !faults.batchAccounts.includes(accountNo))) return credits;
    const runs: StatementLine[][] = [];
    for (const credit of credits) {
      const run = runs.at(-1);
      if (run && new Date(credit.at).getTime() - new Date(run[0]!.at).getTime() <= within && run[0]!.currency === credit.currency) run.push(credit);
      else runs.push([credit]);
    }
    return runs.map((run) => {
      if (run.length === 1) return run[0]!;
      const total = run.reduce((sum, line) => sum + parseDecimal(line.amount)!, 0n);
      const first = run[0]!.at;
      const last = run.at(-1)!.at;
      return {
        bankRef: `B${crypto.createHash('sha256').update(run.map((line) => line.bankRef).join(',')).digest('hex').slice(0, 15).toUpperCase()}`,
        direction: 'credit',
        amount: decimal(total),
        currency: run[0]!.currency,
        at: last,
        counterparty: { bank: null, account: null, name: null },
        description: `BATCH TRANSFER IN ${run.length} ITEMS`,
        batch: { count: run.length, from: first, to: last },
      };
    });
  }
}

/** Transfers whose pending time is over are paid now: the bank's clearing, run whenever anyone asks the bank. */
export async function clearPendingPayouts(db: Db, now: Date): Promise<void> {
  await db
    .updateTable('sandbox_bank_payouts')
    .set({ status: 'SUCCESS', paid_at: sql`settles_at` })
    .where('status', '=', 'PENDING')
    .where('settles_at', '<=', now)
    .execute();
}
