import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The operator's accounts whose statement credits deposits by itself: enabled bank accounts in AUTO mode. */
export function feedAccounts(db: Db) {
  return db
    .selectFrom('deposit_accounts')
    .select(['id', 'bank_code', 'account_no', 'currency', 'promptpay_biller_id'])
    .where('enabled', '=', true)
    .where('mode', '=', 'AUTO')
    // A QR account's money comes through a gateway, unless its QRs are our own (ADR 0410).
    .where((eb) => eb.or([eb('bank_type', '=', 'BANK'), eb('promptpay_biller_id', 'is not', null)]))
    .orderBy('id')
    .execute();
}

/**
 * Claims the account's next read for this node (no other claims it for `leaseSeconds`) and answers
 * where the last finished read ended; a first read starts `firstReadHours` back.
 */
export async function claimRead(db: Db, accountId: bigint, leaseSeconds: number, firstReadHours: number): Promise<Date | null> {
  await db
    .insertInto('bank_feed_cursors')
    .values({ account_id: accountId, read_until: sql`now() - make_interval(hours => ${firstReadHours})`, claimed_at: sql`'-infinity'::timestamptz` })
    .onConflict((conflict) => conflict.column('account_id').doNothing())
    .execute();
  const row = await db
    .updateTable('bank_feed_cursors')
    .set({ claimed_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`)
    .returning('read_until')
    .executeTakeFirst();
  return row?.read_until ?? null;
}

/** The read is done up to `until`; the claim is let go so the next run reads on. */
export async function finishRead(db: Db, accountId: bigint, until: Date): Promise<void> {
  await db.updateTable('bank_feed_cursors').set({ read_until: until, claimed_at: sql`'-infinity'::timestamptz` }).where('account_id', '=', accountId).execute();
}

/** A failed read lets go of its claim, its cursor where it was. */
export async function releaseRead(db: Db, accountId: bigint): Promise<void> {
  await db.updateTable('bank_feed_cursors').set({ claimed_at: sql`'-infinity'::timestamptz` }).where('account_id', '=', accountId).execute();
}

export interface NewBankCredit {
  accountId: bigint;
  bankRef: string;
  amount: bigint;
  currency: 'THB' | 'LAK';
  bookedAt: Date;
  senderBank: string | null;
  senderAccount: string | null;
  senderName: string | null;
  batchCount: number | null;
}

/**
 * Why a line waits for operators: no readable sender, a batch of several transfers, another currency,
 * no member fits, a masked number without the holder's name, several fit, or it pays one member's QR
 * from an account plainly not that member's.
 */
export type WaitingReason = 'no_sender' | 'batch' | 'currency' | 'no_member' | 'no_name' | 'several_members' | 'other_sender';
export type Outcome = { status: 'credited'; memberId: bigint; depositId: string } | { status: 'duplicate'; memberId: bigint } | { status: 'waiting'; reason: WaitingReason; candidates: bigint[] };

/**
 * The QR of our own a line of the account pays: the one whose reference the line carries, else the
 * one unpaid QR asking the line's amount whose time fits the line's (issued by then, give or take a
 * minute of the bank's clock, and expired no longer than `lateMs` before); undefined when none or
 * several fit.
 */
export async function qrOfLine(trx: Db, accountId: bigint, line: { reference: string | null; amount: bigint; at: Date }, lateMs: number) {
  const columns = ['id', 'member_id', 'method'] as const;
  if (line.reference) {
    const named = await trx.selectFrom('deposit_qrcodes').select(columns).where('account_id', '=', accountId).where('gateway_ref', '=', line.reference).executeTakeFirst();
    if (named) return named;
  }
  const fitting = await trx
    .selectFrom('deposit_qrcodes')
    .select(columns)
    .where('account_id', '=', accountId)
    .where('amount', '=', line.amount)
    .where('status', '<>', 'paid')
    .where('created_at', '<=', new Date(line.at.getTime() + 60_000))
    .where('expires_at', '>=', new Date(line.at.getTime() - lateMs))
    .limit(2)
    .execute();
  return fitting.length === 1 ? fitting[0] : undefined;
}

/** Which of these lines earlier reads wrote (the feed repeats itself, and every read looks back over the last one's hour). */
export async function knownRefs(db: Db, accountId: bigint, bankRefs: readonly string[]): Promise<Set<string>> {
  if (bankRefs.length === 0) return new Set();
  const rows = await db
    .selectFrom('bank_credits')
    .select('bank_ref')
    .where('account_id', '=', accountId)
    .where('bank_ref', '=', sql<string>`any(${bankRefs})`)
    .execute();
  return new Set(rows.map((row) => row.bank_ref));
}

/** The line with what became of it, once per bank reference; undefined when another read wrote it first. */
export async function insertCredit(trx: Db, credit: NewBankCredit, outcome: Outcome) {
  return trx
    .insertInto('bank_credits')
    .values({
      account_id: credit.accountId,
      bank_ref: credit.bankRef,
      amount: credit.amount,
      currency: credit.currency,
      booked_at: credit.bookedAt,
      sender_bank: credit.senderBank,
      sender_account: credit.senderAccount,
      sender_name: credit.senderName,
      batch_count: credit.batchCount,
      status: outcome.status,
      reason: outcome.status === 'waiting' ? outcome.reason : null,
      candidates: outcome.status === 'waiting' ? outcome.candidates : [],
      member_id: outcome.status === 'waiting' ? null : outcome.memberId,
      deposit_id: outcome.status === 'credited' ? outcome.depositId : null,
      decided_at: outcome.status === 'waiting' ? null : sql`now()`,
    })
    .onConflict((conflict) => conflict.columns(['account_id', 'bank_ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function waitingPage(db: Db, page: number, limit: number) {
  const rows = await db
    .selectFrom('bank_credits')
    .selectAll()
    .where('status', '=', 'waiting')
    .orderBy('created_at')
    .orderBy('id')
    .offset((page - 1) * limit)
    .limit(limit)
    .execute();
  // PostgreSQL's driver answers a bigint[] as text, the embedded one as bigints.
  return rows.map((row) => ({ ...row, candidates: row.candidates.map((id) => BigInt(id)) }));
}

export function creditById(db: Db, id: string) {
  return db.selectFrom('bank_credits').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockCredit(trx: Db, id: string) {
  return trx.selectFrom('bank_credits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function propose(trx: Db, id: string, memberId: bigint, by: string): Promise<void> {
  await trx.updateTable('bank_credits').set({ proposed_member_id: memberId, proposed_by: by }).where('id', '=', id).execute();
}

export async function assign(trx: Db, id: string, assigned: { memberId: bigint; depositId: string; by: string }): Promise<void> {
  await trx
    .updateTable('bank_credits')
    .set({ status: 'assigned', reason: null, member_id: assigned.memberId, deposit_id: assigned.depositId, assigned_by: assigned.by, decided_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The member a transfer was already credited to under its key (by the member's slip), with the amount. */
export function creditedUnder(trx: Db, externalRef: string) {
  return trx.selectFrom('deposits').select(['member_id', 'amount']).where('external_ref', '=', externalRef).executeTakeFirst();
}

/**
 * A waiting line of a transfer the member's slip has just credited (by the transfer's reference and
 * amount; a batch is never one transfer): it leaves the queue, credited by itself (`duplicate`, as when
 * the slip comes first) or, when an operator decided the slip, by operators.
 */
export async function settleBySlip(trx: Db, slip: { bankRef: string; amount: bigint; memberId: bigint; depositId: string; operator: string | null }): Promise<void> {
  await trx
    .updateTable('bank_credits')
    .set(
      slip.operator === null
        ? { status: 'duplicate', reason: null, member_id: slip.memberId, decided_at: sql`now()` }
        : { status: 'assigned', reason: null, member_id: slip.memberId, deposit_id: slip.depositId, assigned_by: slip.operator, decided_at: sql`now()` },
    )
    .where('bank_ref', '=', slip.bankRef)
    .where('amount', '=', slip.amount)
    .where('batch_count', 'is', null)
    .where('status', '=', 'waiting')
    .execute();
}

/** Over the last `days`: credit lines by what became of them. */
export async function shares(db: Db, days: number) {
  const rows = await db
    .selectFrom('bank_credits')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

/** Lines booked since an instant: how they were credited, and the transfer-to-credit seconds' median and 95th percentile by who credited them. */
export async function autoFigures(db: Db, since: Date) {
  const delay = sql`extract(epoch FROM decided_at - booked_at)`;
  const { rows } = await sql<{
    received: string;
    by_itself: string;
    by_operators: string;
    waiting: string;
    feed_p50: number | null;
    feed_p95: number | null;
    staff_p50: number | null;
    staff_p95: number | null;
  }>`
    SELECT count(*) AS received,
      count(*) FILTER (WHERE status IN ('credited', 'duplicate')) AS by_itself,
      count(*) FILTER (WHERE status = 'assigned') AS by_operators,
      count(*) FILTER (WHERE status = 'waiting') AS waiting,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ${delay}) FILTER (WHERE status = 'credited') AS feed_p50,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY ${delay}) FILTER (WHERE status = 'credited') AS feed_p95,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ${delay}) FILTER (WHERE status = 'assigned') AS staff_p50,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY ${delay}) FILTER (WHERE status = 'assigned') AS staff_p95
    FROM bank_credits
    WHERE booked_at >= ${since}`.execute(db);
  const row = rows[0]!;
  const pair = (p50: number | null, p95: number | null) => (p50 === null || p95 === null ? null : { p50: Number(p50), p95: Number(p95) });
  return {
    received: Number(row.received),
    byItself: Number(row.by_itself),
    byOperators: Number(row.by_operators),
    waiting: Number(row.waiting),
    delaySeconds: { byItself: pair(row.feed_p50, row.feed_p95), byOperators: pair(row.staff_p50, row.staff_p95) },
  };
}
