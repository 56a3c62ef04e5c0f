import { type Selectable, sql } from 'kysely';
import type { SlipReason } from '@wallet/contract';
import { type Db, isUniqueViolation } from '../../db/database.js';
import { cappedTotal } from '../../db/capped-total.js';
import type { Database } from '../../db/schema.js';

export type SlipRow = Selectable<Database['slips']>;

/** A new slip; undefined when a slip of that reference exists (the same upload sent twice at once). */
export function insertSlip(db: Db, values: { reference: string; memberId: bigint; imageKey: string; uploadedAt: Date }): Promise<SlipRow | undefined> {
  return db
    .insertInto('slips')
    .values({ reference: values.reference, member_id: values.memberId, image_key: values.imageKey, created_at: values.uploadedAt })
    .onConflict((oc) => oc.column('reference').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Ends an undecided slip as FAILED with its reason; a slip already decided stays as it is. */
export async function refuseSlip(db: Db, id: string, note: SlipReason, extra: { sendingBank?: string; transRef?: string } = {}): Promise<SlipRow> {
  const refused = await db
    .updateTable('slips')
    .set({
      status: 'FAILED',
      note,
      needs_review: false,
      decided_at: sql`now()`,
      ...(extra.transRef ? { sending_bank: extra.sendingBank ?? null, trans_ref: extra.transRef } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .returningAll()
    .executeTakeFirst();
  return refused ?? getSlip(db, id);
}

/**
 * Claims the bank transfer a slip proves. False when another live slip holds it already: the
 * partial unique index decides, so two uploads of one slip at the same moment cannot both win.
 */
export async function claimTransfer(db: Db, id: string, sendingBank: string, transRef: string): Promise<boolean> {
  try {
    await db.updateTable('slips').set({ sending_bank: sendingBank, trans_ref: transRef }).where('id', '=', id).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export function holdForReview(db: Db, id: string, note: SlipReason | null): Promise<SlipRow> {
  return db
    .updateTable('slips')
    .set({ needs_review: true, note })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A slip known to exist. */
export function getSlip(db: Db, id: string): Promise<SlipRow> {
  return db.selectFrom('slips').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function lockSlip(db: Db, id: string): Promise<SlipRow | undefined> {
  return db.selectFrom('slips').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findMemberSlip(db: Db, memberId: bigint, reference: string): Promise<SlipRow | undefined> {
  return db.selectFrom('slips').selectAll().where('reference', '=', reference).where('member_id', '=', memberId).executeTakeFirst();
}

export function findByReference(db: Db, reference: string): Promise<SlipRow | undefined> {
  return db.selectFrom('slips').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/**
 * A page of the member's slips, newest first. The page's ids come from the index alone (member,
 * time, id: the offset walks index entries, never rows), then only those rows are read; the count
 * is an index-only scan of the member's own entries.
 */
export async function memberSlipPage(db: Db, memberId: bigint, page: number, limit: number): Promise<{ total: number; rows: SlipRow[] }> {
  const base = db.selectFrom('slips').where('member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    db
      .selectFrom('slips')
      .selectAll()
      .where('id', 'in', base.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset((page - 1) * limit))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}

/**
 * Slips left undecided by a crash or a restart mid-check, not touched for a while, each claimed
 * (swept_at) in the same statement so sweeps on several nodes take different ones.
 */
export function claimUnfinished(db: Db, olderThan: Date, at: Date, limit: number): Promise<SlipRow[]> {
  return db
    .updateTable('slips')
    .set({ swept_at: at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('slips')
        .select('id')
        .where('status', '=', 'in_progress')
        .where('needs_review', '=', false)
        .where('created_at', '<', olderThan)
        .where((inner) => inner.or([inner('swept_at', 'is', null), inner('swept_at', '<', olderThan)]))
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/**
 * The operator's slips, oldest first; the count reads the slips' index alone (every slip has its
 * member: no join) and stops past 1,000 rows (a decided status grows without bound).
 */
export async function operatorSlipPage(db: Db, status: 'pending' | 'SUCCESS' | 'FAILED' | 'all', page: number, limit: number, memberId?: bigint) {
  let base = db.selectFrom('slips as s');
  if (status === 'pending') base = base.where('s.status', '=', 'in_progress').where('s.needs_review', '=', true);
  else if (status !== 'all') base = base.where('s.status', '=', status);
  if (memberId !== undefined) base = base.where('s.member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    // The page's ids from the index alone (page 1,000 walks index entries), then those rows (their members from the members port).
    db
      .selectFrom('slips as s')
      .selectAll('s')
      .where('s.id', 'in', base.select('s.id').orderBy('s.created_at').orderBy('s.id').limit(limit).offset((page - 1) * limit))
      .orderBy('s.created_at')
      .orderBy('s.id')
      .execute(),
    cappedTotal(db, base, page, limit),
  ]);
  return { ...total, rows };
}

export function enabledDepositAccountNumbers(db: Db): Promise<string[]> {
  return db
    .selectFrom('deposit_accounts')
    .select('account_no')
    .where('enabled', '=', true)
    .execute()
    .then((rows) => rows.map((row) => row.account_no));
}

export function markSlipCredited(db: Db, id: string, values: { amount: bigint; transferredAt: Date | null; decidedBy: string | null }): Promise<SlipRow> {
  return db
    .updateTable('slips')
    .set({ status: 'SUCCESS', amount: values.amount, transferred_at: values.transferredAt, needs_review: false, decided_by: values.decidedBy, decided_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The member reads a reason code (SPEC §8); the operator's own words stay with the slip. */
export function failReviewedSlip(db: Db, id: string, values: { reason: string; decidedBy: string }): Promise<SlipRow> {
  return db
    .updateTable('slips')
    .set({ status: 'FAILED', note: 'INVALID_SLIP', needs_review: false, review_reason: values.reason, decided_by: values.decidedBy, decided_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Slips still being checked (not those held for an operator's review), and when the oldest was uploaded. */
export async function unfinishedSlips(db: Db): Promise<{ open: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('slips')
    .select((eb) => [eb.fn.countAll<string>().as('open'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'in_progress')
    .where('needs_review', '=', false)
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), oldest: row.oldest ? new Date(row.oldest) : null };
}
