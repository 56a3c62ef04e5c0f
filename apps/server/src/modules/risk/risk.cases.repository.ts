import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type CaseInbox = 'finance' | 'marketing';
export type CaseStatus = 'open' | 'in_progress' | 'closed';
export type CaseOutcome = 'false_positive' | 'valuable' | 'confirmed';
export type CaseAction = 'none' | 'block' | 'freeze';

/** The member's open case in this inbox, opened if there is none, its last alert now. */
export async function joinCase(trx: Db, memberId: bigint, inbox: CaseInbox): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO risk_cases (member_id, inbox) VALUES (${memberId}, ${inbox})
    ON CONFLICT (member_id, inbox) WHERE status <> 'closed' DO UPDATE SET last_alert_at = now()
    RETURNING id`.execute(trx);
  return rows[0]!.id;
}

/** A case with its alerts counted and the rules that held or blocked in them. */
const withAlerts = (db: Db) =>
  db
    .selectFrom('risk_cases as c')
    .selectAll('c')
    .select([
      sql<number>`(SELECT count(*)::int FROM risk_decisions d WHERE d.case_id = c.id)`.as('alerts'),
      sql<string[]>`coalesce((SELECT array_agg(DISTINCT r->>'code' ORDER BY r->>'code') FROM risk_decisions d, jsonb_array_elements(d.rules) r
                               WHERE d.case_id = c.id AND r->>'outcome' <> 'approve' AND r->>'mode' = 'active'), '{}')`.as('rules'),
    ]);
export type CaseRow = NonNullable<Awaited<ReturnType<typeof caseById>>>;

export function caseById(db: Db, id: string) {
  return withAlerts(db).where('c.id', '=', id).executeTakeFirst();
}

export function lockCase(trx: Db, id: string) {
  return trx.selectFrom('risk_cases').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function casesPage(db: Db, filter: { statuses: readonly CaseStatus[]; inboxes: readonly CaseInbox[]; assignee?: string; memberId?: bigint }, page: number, limit: number) {
  let query = withAlerts(db).where('c.status', 'in', filter.statuses).where('c.inbox', 'in', filter.inboxes);
  if (filter.assignee !== undefined) query = query.where('c.assignee', '=', filter.assignee);
  if (filter.memberId !== undefined) query = query.where('c.member_id', '=', filter.memberId);
  return query
    .orderBy('c.last_alert_at', 'desc')
    .orderBy('c.id')
    .offset((page - 1) * limit)
    .limit(limit)
    .execute();
}

export async function assign(trx: Db, id: string, assignee: string | null): Promise<void> {
  await trx
    .updateTable('risk_cases')
    .set({ assignee, status: assignee === null ? 'open' : 'in_progress' })
    .where('id', '=', id)
    .execute();
}

export async function close(trx: Db, id: string, closing: { outcome: CaseOutcome; action: CaseAction; by: string }): Promise<void> {
  await trx
    .updateTable('risk_cases')
    .set({ status: 'closed', outcome: closing.outcome, action: closing.action, closed_by: closing.by, closed_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function decisionsOf(db: Db, caseId: string) {
  return db.selectFrom('risk_decisions').selectAll().where('case_id', '=', caseId).orderBy('created_at').limit(500).execute();
}

export function notesOf(db: Db, caseId: string) {
  return db
    .selectFrom('risk_case_notes as n')
    .leftJoin('risk_case_attachments as a', 'a.id', 'n.attachment_id')
    .select(['n.id', 'n.author', 'n.body', 'n.created_at', 'a.id as attachment_id', 'a.name', 'a.content_type', sql<number | null>`octet_length(a.bytes)`.as('size')])
    .where('n.case_id', '=', caseId)
    .orderBy('n.created_at')
    .execute();
}

export async function insertNote(trx: Db, note: { caseId: string; author: string; body: string; attachmentId: string | null }): Promise<void> {
  await trx.insertInto('risk_case_notes').values({ case_id: note.caseId, author: note.author, body: note.body, attachment_id: note.attachmentId }).execute();
}

export async function insertAttachment(trx: Db, file: { caseId: string; name: string; contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'application/pdf'; bytes: Buffer }): Promise<string> {
  const row = await trx
    .insertInto('risk_case_attachments')
    .values({ case_id: file.caseId, name: file.name, content_type: file.contentType, bytes: file.bytes })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function attachment(db: Db, caseId: string, id: string) {
  return db.selectFrom('risk_case_attachments').select(['name', 'content_type', 'bytes']).where('case_id', '=', caseId).where('id', '=', id).executeTakeFirst();
}

export function snoozesOf(db: Db, memberId: bigint) {
  return db.selectFrom('risk_snoozes').selectAll().where('member_id', '=', memberId).where('until', '>', sql<Date>`now()`).orderBy('code').execute();
}

/** The codes of the rules snoozed for this member now. */
export async function snoozedCodes(trx: Db, memberId: bigint): Promise<string[]> {
  const rows = await trx.selectFrom('risk_snoozes').select('code').where('member_id', '=', memberId).where('until', '>', sql<Date>`now()`).execute();
  return rows.map((row) => row.code).sort();
}

/** A snooze of `days` from now, in place of any earlier one of the same rule for the member. */
export async function snooze(trx: Db, snooze: { memberId: bigint; code: string; days: number; caseId: string; by: string }): Promise<void> {
  const until = sql<Date>`now() + make_interval(days => ${snooze.days})`;
  await trx
    .insertInto('risk_snoozes')
    .values({ member_id: snooze.memberId, code: snooze.code, until, case_id: snooze.caseId, created_by: snooze.by, created_at: sql`now()` })
    .onConflict((oc) => oc.columns(['member_id', 'code']).doUpdateSet({ until, case_id: snooze.caseId, created_by: snooze.by, created_at: sql`now()` }))
    .execute();
}

export function freezeOf(db: Db, memberId: bigint) {
  return db.selectFrom('risk_freezes').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** Freezes the member's withdrawals; a freeze already in place keeps its first reason. */
export async function freeze(trx: Db, freeze: { memberId: bigint; caseId: string; reason: string; by: string }): Promise<void> {
  await trx
    .insertInto('risk_freezes')
    .values({ member_id: freeze.memberId, case_id: freeze.caseId, reason: freeze.reason, created_by: freeze.by })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}

export function lockFreeze(trx: Db, memberId: bigint) {
  return trx.selectFrom('risk_freezes').selectAll().where('member_id', '=', memberId).forUpdate().executeTakeFirst();
}

export async function proposeLift(trx: Db, memberId: bigint, by: string): Promise<void> {
  await trx.updateTable('risk_freezes').set({ lift_proposed_by: by }).where('member_id', '=', memberId).execute();
}

export function unfreeze(trx: Db, memberId: bigint) {
  return trx.deleteFrom('risk_freezes').where('member_id', '=', memberId).returningAll().executeTakeFirst();
}

/**
 * Over the alerts of the cases closed in the last `days`: the median time from an alert to its
 * decision (a release of it, the two operators' decision on its withdrawal, or the case's close,
 * whichever came first), and per rule that held or blocked, its alerts and those closed as false
 * positives.
 */
export async function metrics(db: Db, days: number) {
  const { rows } = await sql<{ median: number | null; decided: number; rules: Array<{ code: string; alerts: number; falsePositives: number }> | null }>`
    WITH alerts AS (
      SELECT d.rules, c.outcome,
             extract(epoch FROM least(d.released_at, w.decided_at, c.closed_at) - d.created_at)::float8 AS seconds
        FROM risk_cases c
        JOIN risk_decisions d ON d.case_id = c.id
        LEFT JOIN withdrawals w ON d.movement = 'withdrawal' AND w.risk_decision_id = d.id
       WHERE c.status = 'closed' AND c.closed_at > now() - make_interval(days => ${days})
    ),
    by_rule AS (
      SELECT r->>'code' AS code, count(*)::int AS alerts, count(*) FILTER (WHERE a.outcome = 'false_positive')::int AS "falsePositives"
        FROM alerts a, jsonb_array_elements(a.rules) r
       WHERE r->>'outcome' <> 'approve' AND r->>'mode' = 'active'
       GROUP BY 1
    )
    SELECT (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FROM alerts) AS median,
           (SELECT count(*)::int FROM alerts) AS decided,
           (SELECT json_agg(b ORDER BY b.code) FROM by_rule b) AS rules`.execute(db);
  const row = rows[0]!;
  return { median: row.median === null ? null : Number(row.median), decided: Number(row.decided), rules: row.rules ?? [] };
}

/** A case's movements for a report: the member's deposits (by method) and withdrawals (by status) from a week before its first alert to its close. */
export function movementsAround(db: Db, memberId: bigint, from: Date, to: Date) {
  const after = sql<Date>`${from}::timestamptz - interval '7 days'`;
  return db
    .selectFrom('deposits')
    .select([sql<string>`'deposit'`.as('kind'), 'id', 'reference', 'amount', 'created_at', sql<string>`method`.as('detail')])
    .where('member_id', '=', memberId)
    .where('created_at', '>', after)
    .where('created_at', '<=', to)
    .unionAll(
      db
        .selectFrom('withdrawals')
        .select([sql<string>`'withdrawal'`.as('kind'), 'id', 'reference', 'amount', 'created_at', sql<string>`status`.as('detail')])
        .where('member_id', '=', memberId)
        .where('created_at', '>', after)
        .where('created_at', '<=', to),
    )
    .orderBy('created_at')
    .limit(1000)
    .execute();
}

/** Who the member is, for a report. */
export function memberDetails(db: Db, memberId: bigint) {
  return db
    .selectFrom('members')
    .select(['id', 'phone', 'name', 'status', 'bank_code', 'bank_account_no', 'bank_account_name', 'currency', 'registered_ip', 'inviter_id', 'created_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}
