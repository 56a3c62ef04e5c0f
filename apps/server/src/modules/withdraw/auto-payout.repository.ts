import { sql } from 'kysely';
import type { CurrencyCode } from '@wallet/contract';
import type { Db } from '../../db/database.js';

/** The operator's day for auto-payout budgets: Bangkok's (Vientiane keeps the same time). */
const TODAY = sql<string>`(now() AT TIME ZONE 'Asia/Bangkok')::date`;

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof lockPayout>>>;

export async function markChecked(trx: Db, withdrawalId: string, reasons: readonly string[]): Promise<void> {
  await trx.updateTable('withdrawals').set({ auto_checked_at: sql`now()`, auto_reasons: [...reasons] }).where('id', '=', withdrawalId).execute();
}

/**
 * Takes `amount` from today's auto-pay budget in one statement, so two payouts racing for the last of
 * it cannot both have it; false when it does not fit.
 */
export async function takeBudget(trx: Db, currency: CurrencyCode, amount: bigint, budget: bigint): Promise<boolean> {
  if (amount > budget) return false;
  const { rows } = await sql<{ spent: string }>`
    INSERT INTO payout_budget_days (day, currency, spent) VALUES (${TODAY}, ${currency}, ${amount})
    ON CONFLICT (day, currency) DO UPDATE SET spent = payout_budget_days.spent + excluded.spent
      WHERE payout_budget_days.spent + excluded.spent <= ${budget}
    RETURNING spent`.execute(trx);
  return rows.length === 1;
}

/** A payout the bank refused gives its amount back to the budget of the day it was taken from. */
export async function giveBudgetBack(trx: Db, payout: { budget_day: unknown; currency: CurrencyCode; amount: bigint }): Promise<void> {
  await trx
    .updateTable('payout_budget_days')
    .set({ spent: sql`greatest(spent - ${payout.amount}, 0)` })
    .where('day', '=', sql<string>`${payout.budget_day}::date`)
    .where('currency', '=', payout.currency)
    .execute();
}

export async function spentToday(db: Db): Promise<Map<CurrencyCode, bigint>> {
  const rows = await db.selectFrom('payout_budget_days').select(['currency', 'spent']).where('day', '=', TODAY).execute();
  return new Map(rows.map((row) => [row.currency, BigInt(row.spent)]));
}

export function insertPayout(trx: Db, payout: { withdrawalId: string; reference: string; fromAccountNo: string; amount: bigint; currency: CurrencyCode }) {
  return trx
    .insertInto('payouts')
    .values({
      withdrawal_id: payout.withdrawalId,
      reference: payout.reference,
      from_account_no: payout.fromAccountNo,
      amount: payout.amount,
      currency: payout.currency,
      status: 'sending',
      budget_day: TODAY,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Where a withdrawal is paid: the member's registered account as the request recorded it. */
export function payeeOf(db: Db, withdrawalId: string) {
  return db.selectFrom('withdrawals').select(['bank_code', 'bank_account_no', 'bank_account_name']).where('id', '=', withdrawalId).executeTakeFirstOrThrow();
}

export function lockPayout(trx: Db, withdrawalId: string) {
  return trx.selectFrom('payouts').selectAll().where('withdrawal_id', '=', withdrawalId).forUpdate().executeTakeFirst();
}

export function findPayout(db: Db, withdrawalId: string) {
  return db.selectFrom('payouts').select(['status']).where('withdrawal_id', '=', withdrawalId).executeTakeFirst();
}

/**
 * Payouts the bank has not answered for good whose time has come, each claimed for `leaseSeconds`
 * (its next try moved on) so another node's sweep leaves it alone meanwhile.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number) {
  const due = db
    .selectFrom('payouts')
    .select('withdrawal_id')
    .where('status', 'in', ['sending', 'pending'])
    .where(sql<boolean>`next_try_at <= now()`)
    .orderBy('next_try_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable('payouts')
    .set({ next_try_at: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where('withdrawal_id', 'in', due)
    .returningAll()
    .execute();
}

/** A call to the bank is about to be made: counted, and the payout left alone by sweeps for `leaseSeconds`. */
export async function recordAttempt(db: Db, withdrawalId: string, leaseSeconds: number): Promise<void> {
  await db
    .updateTable('payouts')
    .set({ attempts: sql`attempts + 1`, next_try_at: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where('withdrawal_id', '=', withdrawalId)
    .execute();
}

/** The bank said it is under way, or gave no answer: asked again after `seconds`. */
export async function tryAgainIn(db: Db, withdrawalId: string, seconds: number, pending: boolean): Promise<void> {
  await db
    .updateTable('payouts')
    .set({ next_try_at: sql`now() + make_interval(secs => ${seconds})`, ...(pending ? { status: 'pending' as const } : {}) })
    .where('withdrawal_id', '=', withdrawalId)
    .where('status', 'in', ['sending', 'pending'])
    .execute();
}

export async function settlePayout(trx: Db, withdrawalId: string, outcome: { status: 'paid'; bankRef: string } | { status: 'failed'; failure: string }): Promise<void> {
  await trx
    .updateTable('payouts')
    .set({ status: outcome.status, bank_ref: outcome.status === 'paid' ? outcome.bankRef : null, failure: outcome.status === 'failed' ? outcome.failure : null, settled_at: sql`now()` })
    .where('withdrawal_id', '=', withdrawalId)
    .execute();
}

/**
 * Withdrawals auto-payout has not looked at yet (a crash between the request and the look), oldest
 * first; not those older than an hour, which operators have seen waiting and may be deciding.
 */
export function unchecked(db: Db, olderThanSeconds: number, limit: number) {
  return db
    .selectFrom('withdrawals')
    .select('id')
    .where('status', '=', 'in_progress')
    .where('auto_checked_at', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function payoutsOf(db: Db, withdrawalIds: readonly string[]) {
  if (withdrawalIds.length === 0) return new Map<string, never>();
  const rows = await db.selectFrom('payouts').selectAll().where('withdrawal_id', 'in', [...withdrawalIds]).execute();
  return new Map(rows.map((row) => [row.withdrawal_id, row]));
}

/**
 * The last `days` days' withdrawals: how many, how many the bank paid by itself, and the seconds from
 * request to paid (median and 95th percentile of those auto-paid; median of those operators paid).
 */
export async function figures(db: Db, days: number) {
  const { rows } = await sql<{ withdrawals: string; auto_paid: string; median_auto: number | null; p95_auto: number | null; median_operators: number | null }>`
    SELECT count(*) AS withdrawals,
           count(p.withdrawal_id) FILTER (WHERE p.status = 'paid') AS auto_paid,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM w.decided_at - w.created_at)) FILTER (WHERE p.status = 'paid') AS median_auto,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM w.decided_at - w.created_at)) FILTER (WHERE p.status = 'paid') AS p95_auto,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM w.decided_at - w.created_at)) FILTER (WHERE w.status = 'SUCCESS' AND p.withdrawal_id IS NULL) AS median_operators
      FROM withdrawals w LEFT JOIN payouts p ON p.withdrawal_id = w.id
     WHERE w.created_at >= now() - make_interval(days => ${days})`.execute(db);
  const row = rows[0]!;
  const seconds = (value: number | null) => (value === null ? null : Math.round(Number(value)));
  return {
    withdrawals: Number(row.withdrawals),
    autoPaid: Number(row.auto_paid),
    medianAuto: seconds(row.median_auto),
    p95Auto: seconds(row.p95_auto),
    medianOperators: seconds(row.median_operators),
  };
}

/** Payouts given to the bank and not answered for good: how many, and since when the oldest (the reconciler's open intents). */
export async function openPayouts(db: Db): Promise<{ open: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('payouts')
    .select((eb) => [eb.fn.countAll<string>().as('open'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['sending', 'pending'])
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), oldest: row.oldest ? new Date(row.oldest) : null };
}
