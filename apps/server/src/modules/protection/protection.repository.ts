import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type RestrictionKind = 'break' | 'exclusion';
/** What refused a movement, as the database functions answer it. */
export interface Refusal {
  refusal: 'DEPOSIT_LIMIT' | 'LOSS_LIMIT' | 'TRANSFER_LIMIT' | 'ON_BREAK' | 'SELF_EXCLUDED';
  limitKind: string | null;
  until: Date | null;
}

interface RefusalRow {
  refusal: Refusal['refusal'] | null;
  limit_kind?: string | null;
  until: Date | null;
}
const refusalOf = (row: RefusalRow | undefined): Refusal | null =>
  row?.refusal ? { refusal: row.refusal, limitKind: row.limit_kind ?? null, until: row.until } : null;

/** The break or self-exclusion in force (db/functions/protection_restriction.sql), or null. */
export async function restrictionRefusal(db: Db, memberId: bigint): Promise<Refusal | null> {
  const { rows } = await sql<RefusalRow>`SELECT refusal, until FROM protection_restriction(${memberId})`.execute(db);
  return refusalOf(rows[0]);
}

/**
 * Why a deposit of `amount` may not start: the restriction in force, else a deposit limit it would
 * pass, else null. Asked in one statement: the limits are read (and locked, to the end of the
 * caller's transaction) only when no restriction answers first, as the first branch of a UNION ALL
 * under LIMIT 1 stops the second from running. `replacingMethod`: a new QR of this method cancels
 * the open one.
 */
export async function depositRefusal(trx: Db, memberId: bigint, amount: bigint, replacingMethod: string | null): Promise<Refusal | null> {
  const { rows } = await sql<RefusalRow>`
    SELECT refusal, NULL::text AS limit_kind, until FROM protection_restriction(${memberId}) WHERE refusal IS NOT NULL
    UNION ALL
    SELECT refusal, limit_kind, until FROM protection_limit_refusal(${memberId}, ARRAY['deposit_day', 'deposit_month', 'deposit_week'], ${amount}, ${replacingMethod}::text)
    LIMIT 1`.execute(trx);
  return refusalOf(rows[0]);
}

/** How much of a limit's running period is used, and when the period starts and ends. */
export async function used(db: Db, memberId: bigint, kind: string, timeZone: string): Promise<{ used: bigint; startsAt: Date; endsAt: Date }> {
  const { rows } = await sql<{ used: bigint | null; starts_at: Date; ends_at: Date }>`SELECT used, starts_at, ends_at FROM protection_used(${memberId}, ${kind}, ${timeZone})`.execute(db);
  const row = rows[0]!;
  return { used: row.used ?? 0n, startsAt: row.starts_at, endsAt: row.ends_at };
}

/** `used` for several limits in one statement, by kind. */
export async function usedOf(db: Db, memberId: bigint, kinds: readonly string[], timeZone: string): Promise<Map<string, { used: bigint; startsAt: Date; endsAt: Date }>> {
  if (kinds.length === 0) return new Map();
  const { rows } = await sql<{ kind: string; used: bigint | null; starts_at: Date; ends_at: Date }>`
    SELECT k.kind, u.used, u.starts_at, u.ends_at FROM unnest(${[...kinds]}::text[]) AS k(kind), LATERAL protection_used(${memberId}, k.kind, ${timeZone}) u`.execute(db);
  return new Map(rows.map((row) => [row.kind, { used: row.used ?? 0n, startsAt: row.starts_at, endsAt: row.ends_at }]));
}

export function limitsOf(db: Db, memberId: bigint) {
  return db.selectFrom('protection_limits').selectAll().where('member_id', '=', memberId).orderBy('kind').execute();
}

export function lockLimit(trx: Db, memberId: bigint, kind: string) {
  return trx.selectFrom('protection_limits').selectAll().where('member_id', '=', memberId).where('kind', '=', kind).forUpdate().executeTakeFirst();
}

export async function saveLimit(
  trx: Db,
  limit: { memberId: bigint; kind: string; amount: bigint | null; nextAmount: bigint | null; nextAt: Date | null; timeZone: string },
): Promise<void> {
  const values = { amount: limit.amount, next_amount: limit.nextAmount, next_at: limit.nextAt, time_zone: limit.timeZone, updated_at: sql<Date>`now()` };
  await trx
    .insertInto('protection_limits')
    .values({ member_id: limit.memberId, kind: limit.kind, ...values })
    .onConflict((conflict) => conflict.columns(['member_id', 'kind']).doUpdateSet(values))
    .execute();
}

export async function recordLimitChange(
  trx: Db,
  change: { memberId: bigint; kind: string; from: bigint | null; to: bigint | null; effectiveAt: Date; operator: string | null },
): Promise<void> {
  await trx
    .insertInto('protection_limit_changes')
    .values({ member_id: change.memberId, kind: change.kind, from_amount: change.from, to_amount: change.to, effective_at: change.effectiveAt, operator: change.operator })
    .execute();
}

export function limitChanges(db: Db, memberId: bigint, limit = 100) {
  return db.selectFrom('protection_limit_changes').selectAll().where('member_id', '=', memberId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The database's clock: protection times are all read and written by it, whichever node asks. */
export async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
  return rows[0]!.now;
}

export async function addRestriction(
  trx: Db,
  restriction: { memberId: bigint; kind: RestrictionKind; endsAt: Date | null; operator: string | null; reason: string | null },
): Promise<void> {
  await trx
    .insertInto('protection_restrictions')
    .values({ member_id: restriction.memberId, kind: restriction.kind, ends_at: restriction.endsAt, operator: restriction.operator, reason: restriction.reason })
    .execute();
}

/** The member's restrictions, newest first. */
export function restrictionsOf(db: Db, memberId: bigint, limit = 50) {
  return db.selectFrom('protection_restrictions').selectAll().where('member_id', '=', memberId).orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Asks to return from every self-exclusion whose time has passed and which is not yet asked about. */
export async function requestReturn(trx: Db, memberId: bigint): Promise<number> {
  const result = await trx
    .updateTable('protection_restrictions')
    .set({ return_requested_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('kind', '=', 'exclusion')
    .where('ends_at', '<=', sql<Date>`now()`)
    .where('return_requested_at', 'is', null)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The member's answer to the limit prompt or the review reminder, now. */
export async function answerPrompt(db: Db, memberId: bigint, answer: 'set' | 'not_now' | 'reviewed'): Promise<void> {
  await db
    .insertInto('protection_reviews')
    .values({ member_id: memberId, answer })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet({ answer, answered_at: sql<Date>`now()` }))
    .execute();
}

export function promptAnswer(db: Db, memberId: bigint) {
  return db.selectFrom('protection_reviews').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

export async function flagDeposit(trx: Db, flag: { memberId: bigint; depositId: string; reason: string; limitKind: string | null }): Promise<void> {
  await trx
    .insertInto('protection_flags')
    .values({ member_id: flag.memberId, deposit_id: flag.depositId, reason: flag.reason, limit_kind: flag.limitKind })
    .onConflict((conflict) => conflict.column('deposit_id').doNothing())
    .execute();
}

export function flagsOf(db: Db, memberId: bigint, limit = 50) {
  return db.selectFrom('protection_flags').selectAll().where('member_id', '=', memberId).orderBy('created_at', 'desc').limit(limit).execute();
}

/** One of the member's restrictions, locked. */
export function lockRestriction(trx: Db, memberId: bigint, id: bigint) {
  return trx
    .selectFrom('protection_restrictions')
    .selectAll()
    .select(sql<boolean>`lifted_at IS NULL AND (ends_at IS NULL OR ends_at > now() OR (kind = 'exclusion' AND (return_requested_at IS NULL OR return_requested_at + interval '24 hours' > now())))`.as('in_force'))
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function proposeLift(trx: Db, id: bigint, by: string): Promise<void> {
  await trx.updateTable('protection_restrictions').set({ lift_proposed_by: by }).where('id', '=', id).execute();
}

export async function lift(trx: Db, id: bigint, by: string): Promise<void> {
  await trx.updateTable('protection_restrictions').set({ lifted_by: by, lifted_at: sql`now()` }).where('id', '=', id).execute();
}

/** Breaks that ended by their time (not lifted) between `from` (excluded) and `to`. */
export function breaksEndedBetween(db: Db, from: Date, to: Date) {
  return db
    .selectFrom('protection_restrictions')
    .select(['id', 'member_id'])
    .where('kind', '=', 'break')
    .where('lifted_at', 'is', null)
    .where('ends_at', '>', from)
    .where('ends_at', '<=', to)
    .execute();
}

/** Limits a member raised or removed after the cooling time, taking effect between `from` (excluded) and `to`. */
export function limitRaisesBetween(db: Db, from: Date, to: Date) {
  return db
    .selectFrom('protection_limit_changes')
    .select(['id', 'member_id', 'kind'])
    .where('effective_at', '>', from)
    .where('effective_at', '<=', to)
    .where(sql<boolean>`effective_at > created_at`)
    .where((where) => where.or([where('to_amount', 'is', null), where('to_amount', '>', where.ref('from_amount'))]))
    .execute();
}
