import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { parseDecimal, toMajor } from '@wallet/contract';
import { SANDBOX_TRANSFER_CLIENT } from '../config.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/types.js';
import { clearPendingPayouts, maintenanceLeft } from './bank.sandbox.js';


const transferFaults = z.object({
  /** Seconds a token lives (Krungthai's are 15 minutes). */
  tokenSeconds: z.number().int().min(1).max(24 * 3600).default(900),
  /** Every call answers 503, as a bank down. */
  unavailable: z.boolean().default(false),
  /** A daily window in Bangkok time (HH:MM, may wrap midnight) when every call answers 503 MAINTENANCE with Retry-After. */
  maintenance: z
    .object({ from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/), to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/) })
    .nullable()
    .default(null),
  /** Receiving accounts the bank refuses for good (closed, frozen): their transfers answer FAILED ACCOUNT_CLOSED. */
  closedAccounts: z.array(z.string()).max(100).default([]),
  /** A transfer stays PENDING this long before it is paid. */
  pendingSeconds: z.number().int().min(0).max(24 * 3600).default(0),
  /** The next this-many transfer calls are made, and their answer is lost (the connection drops), as a time-out after the bank acted. */
  loseAnswers: z.number().int().min(0).max(1000).default(0),
  /** The next this-many transfer calls answer 500 without making the transfer. */
  failBefore: z.number().int().min(0).max(1000).default(0),
  /** Each call waits this long before the bank does anything. */
  slowMs: z.number().int().min(0).max(120_000).default(0),
  /** A transfer is made at once and its answer waits this long: a caller's time-out fires, or a status inquiry overtakes it. */
  answerDelayMs: z.number().int().min(0).max(120_000).default(0),
});

/** A PromptPay ID: a Thai mobile number, or a 13-digit national or tax ID. */
const promptPayId = z.string().regex(/^(0\d{9}|\d{13})$/);
const transferBody = z
  .object({
    reference: z.string().min(1).max(64),
    fromAccountNo: z.string().regex(/^\d{6,15}$/),
    toBankCode: z.string().regex(/^\d{3}$/).optional(),
    toAccountNo: z.string().regex(/^\d{6,15}$/).optional(),
    promptPayId: promptPayId.optional(),
    toName: z.string().max(100),
    amount: z.string().regex(/^\d+\.\d{2}$/),
    currency: z.enum(['THB', 'LAK']),
  })
  // Exactly one payee: an account at a bank, or a PromptPay ID.
  .refine((body) => (body.promptPayId === undefined) === (body.toBankCode !== undefined && body.toAccountNo !== undefined));

type PayoutRow = { bank_ref: string; status: 'SUCCESS' | 'PENDING' | 'FAILED'; failure: string | null };

const answerOf = (row: PayoutRow) =>
  row.status === 'SUCCESS' ? { status: 'SUCCESS', bankRef: row.bank_ref } : row.status === 'FAILED' ? { status: 'FAILED', failure: row.failure } : { status: 'PENDING' };

/**
 * The stand-in for a Thai bank's corporate fund-transfer API (DESIGN §7): OAuth client credentials
 * with tokens that expire, a transfer per caller's reference (asked again, it answers the first
 * one's status and pays nothing more), a status inquiry by that reference, and the faults a real
 * one has: maintenance windows, refusals, pending transfers, answers lost after the money moved.
 * Paid transfers are the debits of the operator's statement (bank.sandbox.ts).
 */
export function registerBankTransferSandbox(app: App, db: Db, options: { now: () => Date }): void {
  let faults = transferFaults.parse({});
  const tokens = new Map<string, number>();

  app.put('/sandbox/bank/transfer-faults', { schema: { hide: true, body: transferFaults } }, async (request) => {
    faults = request.body;
    return faults;
  });

  /** How every call starts: slow, down, or in its maintenance window, as the bank is. */
  /**
   * Answers the call as the faults say, and says whether it did. (Not the reply itself: a Fastify
   * reply is a thenable, which the caller's await would wait on and take as nothing refused.)
   */
  async function refusedAtTheDoor(reply: FastifyReply): Promise<boolean> {
    if (faults.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
    const left = faults.maintenance ? maintenanceLeft(faults.maintenance, options.now()) : 0;
    if (left > 0) {
      await reply.status(503).header('retry-after', String(left)).send({ error: 'MAINTENANCE' });
      return true;
    }
    if (faults.unavailable) {
      await reply.status(503).send({ error: 'UNAVAILABLE' });
      return true;
    }
    return false;
  }

  const authorised = (header: string | undefined) => {
    const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
    const expiresAt = tokens.get(token);
    return expiresAt !== undefined && expiresAt > options.now().getTime();
  };

  app.post('/sandbox/bank/api/oauth/token', { schema: { hide: true } }, async (request, reply) => {
    if (await refusedAtTheDoor(reply)) return reply;
    const [id, secret] = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':');
    if (id !== SANDBOX_TRANSFER_CLIENT.id || secret !== SANDBOX_TRANSFER_CLIENT.secret) return reply.status(401).send({ error: 'invalid_client' });
    const token = crypto.randomBytes(24).toString('base64url');
    tokens.set(token, options.now().getTime() + faults.tokenSeconds * 1000);
    return { access_token: token, token_type: 'Bearer', expires_in: faults.tokenSeconds };
  });

  const clear = () => clearPendingPayouts(db, options.now());

  app.post('/sandbox/bank/api/transfers', { schema: { hide: true } }, async (request, reply) => {
    if (await refusedAtTheDoor(reply)) return reply;
    if (!authorised(request.headers.authorization)) return reply.status(401).send({ error: 'invalid_token' });
    const parsed = transferBody.safeParse(request.body);
    const amount = parsed.success ? parseDecimal(parsed.data.amount) : null;
    if (!parsed.success || amount === null || amount <= 0n) return reply.status(400).send({ error: 'INVALID_REQUEST' });
    if (faults.failBefore > 0) {
      faults = { ...faults, failBefore: faults.failBefore - 1 };
      return reply.status(500).send({ error: 'INTERNAL_ERROR' });
    }
    const order = parsed.data;
    await clear();
    const now = options.now();
    // A PromptPay ID pays the account it is registered to; one tied to none is refused for good.
    const registered = order.promptPayId ? await db.selectFrom('sandbox_bank_promptpay_ids').selectAll().where('promptpay_id', '=', order.promptPayId).executeTakeFirst() : undefined;
    const payee = order.promptPayId ? registered && { bankCode: registered.bank_code, accountNo: registered.account_no } : { bankCode: order.toBankCode!, accountNo: order.toAccountNo! };
    const failure = !payee ? 'PROMPTPAY_NOT_REGISTERED' : faults.closedAccounts.includes(payee.accountNo) ? 'ACCOUNT_CLOSED' : null;
    const status = failure ? 'FAILED' : faults.pendingSeconds > 0 ? 'PENDING' : 'SUCCESS';
    // One transfer per reference: asked again, the bank counts the request and answers the first one.
    const row = await db
      .insertInto('sandbox_bank_payouts')
      .values({
        bank_ref: `${now.toISOString().slice(2, 10).replaceAll('-', '')}T${crypto.randomBytes(7).toString('hex').toUpperCase()}`,
        our_ref: order.reference,
        from_account_no: order.fromAccountNo,
        // A refused PromptPay ID reached no account: the row keeps the ID where the account would be.
        to_bank_code: payee?.bankCode ?? '',
        to_account_no: payee?.accountNo ?? order.promptPayId!,
        promptpay_id: order.promptPayId ?? null,
        to_name: registered?.account_name ?? order.toName,
        amount,
        currency: order.currency,
        memo: order.reference,
        paid_at: now,
        status,
        failure,
        settles_at: status === 'PENDING' ? new Date(now.getTime() + faults.pendingSeconds * 1000) : null,
      })
      .onConflict((conflict) => conflict.column('our_ref').doUpdateSet({ requests: sql`sandbox_bank_payouts.requests + 1` }))
      .returning(['bank_ref', 'status', 'failure', 'amount', 'to_account_no', 'promptpay_id'])
      .executeTakeFirstOrThrow();
    if (faults.loseAnswers > 0) {
      faults = { ...faults, loseAnswers: faults.loseAnswers - 1 };
      request.raw.socket.destroy();
      return reply.hijack();
    }
    if (faults.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.answerDelayMs));
    // The same reference for another payee or amount is the caller's error, not a second payout.
    const samePayee = order.promptPayId ? row.promptpay_id === order.promptPayId : row.promptpay_id === null && row.to_account_no === order.toAccountNo;
    if (row.amount !== amount || !samePayee) return reply.status(409).send({ error: 'DUPLICATE_REFERENCE' });
    return answerOf(row);
  });

  app.get('/sandbox/bank/api/transfers/:reference', { schema: { hide: true, params: z.object({ reference: z.string() }) } }, async (request, reply) => {
    if (await refusedAtTheDoor(reply)) return reply;
    if (!authorised(request.headers.authorization)) return reply.status(401).send({ error: 'invalid_token' });
    await clear();
    const row = await db.selectFrom('sandbox_bank_payouts').select(['bank_ref', 'status', 'failure']).where('our_ref', '=', request.params.reference).executeTakeFirst();
    if (!row) return reply.status(404).send({ error: 'NOT_FOUND' });
    return answerOf(row);
  });

  /** Ties a PromptPay ID to an account of the bank (a tester's call): transfers to the ID pay that account. */
  app.put(
    '/sandbox/bank/promptpay-ids/:promptPayId',
    {
      schema: {
        hide: true,
        params: z.object({ promptPayId }),
        body: z.object({ bankCode: z.string().regex(/^\d{3}$/), accountNo: z.string().regex(/^\d{6,15}$/), accountName: z.string().trim().min(1).max(100) }),
      },
    },
    async (request) => {
      const { bankCode, accountNo, accountName } = request.body;
      await db
        .insertInto('sandbox_bank_promptpay_ids')
        .values({ promptpay_id: request.params.promptPayId, bank_code: bankCode, account_no: accountNo, account_name: accountName })
        .onConflict((conflict) => conflict.column('promptpay_id').doUpdateSet({ bank_code: bankCode, account_no: accountNo, account_name: accountName }))
        .execute();
      return { promptPayId: request.params.promptPayId, bankCode, accountNo };
    },
  );

  /** What the bank paid through its API (tests and the simulated day read it): each reference once, with how often it was asked. */
  app.get('/sandbox/bank/transfers-made', { schema: { hide: true, querystring: z.object({ fromAccountNo: z.string().optional() }) } }, async (request) => {
    await clear();
    let query = db.selectFrom('sandbox_bank_payouts').select(['our_ref', 'bank_ref', 'status', 'failure', 'amount', 'currency', 'to_bank_code', 'to_account_no', 'promptpay_id', 'requests']).where('our_ref', 'is not', null);
    if (request.query.fromAccountNo) query = query.where('from_account_no', '=', request.query.fromAccountNo);
    const rows = await query.orderBy('created_at').execute();
    return { transfers: rows.map((row) => ({ reference: row.our_ref, bankRef: row.bank_ref, status: row.status, failure: row.failure, amount: toMajor(row.amount), currency: row.currency, toBankCode: row.to_bank_code, toAccountNo: row.to_account_no, promptPayId: row.promptpay_id, requests: row.requests })) };
  });
}

