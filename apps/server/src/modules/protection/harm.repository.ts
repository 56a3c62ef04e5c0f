import type { HarmLevel, HarmMarker, HarmOutcome } from '@wallet/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { HarmInputs, Params, RuleVersion } from './harm.rules.js';

/**
 * A member's history as the markers read it, in one statement: game activity and money from the
 * ledger (a read: it writes nothing there), and protection's own records. The ledger is read from
 * the first transfer of the window on, by account (its `(account, id)` indexes).
 */
export async function harmInputs(db: Db, memberId: bigint, timeZone: string): Promise<HarmInputs> {
  const { rows } = await sql<{ now: Date; play: number[]; deposits: [number, number][]; losses: [number, number][]; raises: number; refused: number; returns: number; day_limit: string | null }>`
    WITH accounts AS (
      SELECT id, kind FROM ledger_accounts WHERE member_id = ${memberId} AND kind IN ('member_wallet', 'member_game')
    ), first_id AS (
      -- The window's first transfer by time, from one entry of the created_at index (min(id) over the
      -- window reads all of everyone's older transfers, for each member assessed). Ids are taken at
      -- insert and times at the transaction's start, so a transfer may carry a lower id than one
      -- begun before it: the hour's margin takes those in. The rules count each leg by its own time.
      SELECT coalesce((SELECT id FROM ledger_transfers WHERE created_at >= now() - interval '91 days 1 hour' ORDER BY created_at LIMIT 1), 9223372036854775807) AS id
    ), legs AS (
      SELECT t.kind, t.amount, t.created_at, a.kind AS account, 'debit' AS side FROM ledger_transfers t JOIN accounts a ON t.debit_account_id = a.id WHERE t.id >= (SELECT id FROM first_id)
      UNION ALL
      SELECT t.kind, t.amount, t.created_at, a.kind, 'credit' FROM ledger_transfers t JOIN accounts a ON t.credit_account_id = a.id WHERE t.id >= (SELECT id FROM first_id)
    ), limits AS (
      SELECT CASE WHEN l.next_at IS NOT NULL AND l.next_at <= now() THEN l.next_amount ELSE l.amount END AS amount
        FROM protection_limits l WHERE l.member_id = ${memberId} AND l.kind = 'deposit_day'
    )
    SELECT now() AS now,
      (SELECT coalesce(json_agg((extract(epoch FROM created_at) * 1000)::float8), '[]') FROM legs WHERE account = 'member_game' AND created_at > now() - interval '14 days') AS play,
      (SELECT coalesce(json_agg(json_build_array(amount, (extract(epoch FROM created_at) * 1000)::float8)), '[]') FROM legs WHERE account = 'member_wallet' AND side = 'credit' AND kind = 'deposit') AS deposits,
      (SELECT coalesce(json_agg(json_build_array(amount, (extract(epoch FROM created_at) * 1000)::float8)), '[]') FROM legs
        WHERE account = 'member_game' AND side = 'debit' AND kind = 'game_result' AND created_at > now() - interval '30 days') AS losses,
      (SELECT count(*)::int FROM protection_limit_changes c WHERE c.member_id = ${memberId} AND c.operator IS NULL AND c.created_at > now() - interval '30 days'
          AND (c.to_amount IS NULL OR c.to_amount > c.from_amount) AND c.from_amount IS NOT NULL) AS raises,
      (SELECT count(*)::int FROM protection_events e WHERE e.member_id = ${memberId} AND e.kind = 'deposit_refused' AND e.created_at > now() - interval '30 days') AS refused,
      (SELECT count(*)::int FROM protection_events e WHERE e.member_id = ${memberId} AND e.kind = 'early_return' AND e.created_at > now() - interval '30 days') AS returns,
      (SELECT amount::text FROM limits) AS day_limit`.execute(db);
  const row = rows[0]!;
  return {
    now: new Date(row.now).getTime(),
    timeZone,
    play: row.play.map(Number),
    deposits: row.deposits.map(([amount, at]) => ({ amount: Number(amount), at: Number(at) })),
    losses: row.losses.map(([amount, at]) => ({ amount: Number(amount), at: Number(at) })),
    limitRaises: Number(row.raises),
    refusedDeposits: Number(row.refused),
    returnAttempts: Number(row.returns),
    depositDayLimit: row.day_limit === null ? null : Number(row.day_limit),
  };
}

export async function recordEvent(db: Db, event: { memberId: bigint; kind: 'deposit_refused' | 'early_return'; detail: string }): Promise<void> {
  await db.insertInto('protection_events').values({ member_id: event.memberId, kind: event.kind, detail: event.detail }).execute();
}

// ---------- Marker rule versions

/** Each rule's latest version. */
export async function latestVersions(db: Db): Promise<Map<string, RuleVersion & { createdBy: string; createdAt: Date }>> {
  const rows = await db
    .selectFrom('harm_rule_versions')
    .selectAll()
    .distinctOn('code')
    .orderBy('code')
    .orderBy('version', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.code, { version: row.version, points: row.points, params: row.params as Params, createdBy: row.created_by, createdAt: row.created_at }]));
}

/** A new version after `after`; false when another change came first (the primary key refuses a second `after + 1`). */
export async function insertVersion(trx: Db, version: { code: string; after: number; points: number; params: Params; by: string }): Promise<boolean> {
  const latest = await trx.selectFrom('harm_rule_versions').select(sql<number>`coalesce(max(version), 0)`.as('version')).where('code', '=', version.code).executeTakeFirstOrThrow();
  if (Number(latest.version) !== version.after) return false;
  const inserted = await trx
    .insertInto('harm_rule_versions')
    .values({ code: version.code, version: version.after + 1, points: version.points, params: JSON.stringify(version.params), created_by: version.by })
    .onConflict((conflict) => conflict.columns(['code', 'version']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}

// ---------- The sweep

/**
 * Takes the sweep's cursor (another node holding it: null) and the members whose ledger, refused
 * deposits or limit changes moved since, up to a batch of each (`more`: a batch was full, so more
 * may wait); transfers younger than `lagSeconds` wait for the next sweep, so one committed late
 * under an earlier id is not passed over.
 */
export async function claimSweep(trx: Db, batch: number, lagSeconds: number) {
  const cursor = await trx.selectFrom('harm_sweep_cursor').selectAll().forUpdate().skipLocked().executeTakeFirst();
  if (!cursor) return null;
  const { rows } = await sql<{ transfer_id: string; event_id: string; change_id: string; members: string[]; more: boolean }>`
    WITH transfers AS (
      SELECT id, debit_account_id, credit_account_id FROM ledger_transfers
       WHERE id > ${cursor.transfer_id} AND created_at <= now() - make_interval(secs => ${lagSeconds}) ORDER BY id LIMIT ${batch}
    ), events AS (
      SELECT id, member_id FROM protection_events WHERE id > ${cursor.event_id} ORDER BY id LIMIT ${batch}
    ), changes AS (
      SELECT id, member_id FROM protection_limit_changes WHERE id > ${cursor.change_id} ORDER BY id LIMIT ${batch}
    ), moved AS (
      SELECT a.member_id FROM transfers t JOIN ledger_accounts a ON a.id IN (t.debit_account_id, t.credit_account_id) WHERE a.member_id IS NOT NULL
      UNION SELECT member_id FROM events
      UNION SELECT member_id FROM changes
    )
    SELECT coalesce((SELECT max(id) FROM transfers), ${cursor.transfer_id})::text AS transfer_id,
           coalesce((SELECT max(id) FROM events), ${cursor.event_id})::text AS event_id,
           coalesce((SELECT max(id) FROM changes), ${cursor.change_id})::text AS change_id,
           coalesce((SELECT array_agg(member_id::text ORDER BY member_id) FROM moved), '{}') AS members,
           greatest((SELECT count(*) FROM transfers), (SELECT count(*) FROM events), (SELECT count(*) FROM changes)) = ${batch} AS more`.execute(trx);
  const row = rows[0]!;
  return { cursor: { transferId: BigInt(row.transfer_id), eventId: BigInt(row.event_id), changeId: BigInt(row.change_id) }, members: row.members.map(BigInt), more: row.more };
}

export async function advanceSweep(trx: Db, cursor: { transferId: bigint; eventId: bigint; changeId: bigint }): Promise<void> {
  await trx
    .updateTable('harm_sweep_cursor')
    .set({ transfer_id: cursor.transferId, event_id: cursor.eventId, change_id: cursor.changeId, swept_at: sql`now()` })
    .execute();
}

export async function saveAssessment(trx: Db, memberId: bigint, assessment: { score: number; level: HarmLevel; markers: HarmMarker[] }): Promise<Date> {
  const row = await trx
    .insertInto('harm_assessments')
    .values({ member_id: memberId, score: assessment.score, level: assessment.level, markers: JSON.stringify(assessment.markers) })
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet({ score: assessment.score, level: assessment.level, markers: JSON.stringify(assessment.markers), assessed_at: sql`now()` }),
    )
    .returning('assessed_at')
    .executeTakeFirstOrThrow();
  return row.assessed_at;
}

export function assessmentOf(db: Db, memberId: bigint) {
  return db.selectFrom('harm_assessments').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

const LEVEL_RANK: Record<HarmLevel, number> = { none: 0, monitor: 1, interact: 2, intervene: 3 };

/**
 * Opens the member's case at this level, or raises the level of the one open (its clock stands);
 * answers the case's id when one was opened.
 */
export async function openOrRaiseCase(trx: Db, memberId: bigint, assessment: { score: number; level: 'interact' | 'intervene'; markers: HarmMarker[]; assessedAt: Date }): Promise<string | null> {
  const open = await trx.selectFrom('harm_cases').select(['id', 'level']).where('member_id', '=', memberId).where('status', '=', 'open').forUpdate().executeTakeFirst();
  const values = { level: assessment.level, score: assessment.score, markers: JSON.stringify(assessment.markers), assessed_at: assessment.assessedAt };
  if (open) {
    if (LEVEL_RANK[assessment.level] > LEVEL_RANK[open.level as HarmLevel]) await trx.updateTable('harm_cases').set(values).where('id', '=', open.id).execute();
    return null;
  }
  const row = await trx
    .insertInto('harm_cases')
    .values({ member_id: memberId, ...values })
    .onConflict((conflict) => conflict.column('member_id').where('status', '=', 'open').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

// ---------- Cases

const withMember = (db: Db) =>
  db
    .selectFrom('harm_cases as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .selectAll('c')
    .select('m.phone');
export type HarmCaseRow = NonNullable<Awaited<ReturnType<typeof caseById>>>;

export function caseById(db: Db, id: string) {
  return withMember(db).where('c.id', '=', id).executeTakeFirst();
}

export function casesPage(db: Db, filter: { status: 'open' | 'closed'; memberId?: bigint }, page: number, limit: number) {
  let query = withMember(db).where('c.status', '=', filter.status);
  if (filter.memberId !== undefined) query = query.where('c.member_id', '=', filter.memberId);
  return (filter.status === 'open' ? query.orderBy('c.due_at') : query.orderBy('c.closed_at', 'desc'))
    .orderBy('c.id')
    .offset((page - 1) * limit)
    .limit(limit)
    .execute();
}

export function lockCase(trx: Db, id: string) {
  return trx.selectFrom('harm_cases').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** An action on the case; any but a note is its first action if it had none. */
export async function addAction(trx: Db, action: { caseId: string; kind: 'message' | 'break' | 'limit' | 'note'; detail: string; by: string }): Promise<void> {
  await trx.insertInto('harm_case_actions').values({ case_id: action.caseId, kind: action.kind, detail: action.detail, created_by: action.by }).execute();
  if (action.kind !== 'note') {
    await trx.updateTable('harm_cases').set({ first_action_at: sql`coalesce(first_action_at, now())` }).where('id', '=', action.caseId).execute();
  }
}

export function actionsOf(db: Db, caseId: string) {
  return db.selectFrom('harm_case_actions').selectAll().where('case_id', '=', caseId).orderBy('created_at').orderBy('id').execute();
}

export async function closeCase(trx: Db, id: string, closing: { outcome: HarmOutcome; note: string; by: string }): Promise<void> {
  await trx
    .updateTable('harm_cases')
    .set({ status: 'closed', outcome: closing.outcome, closing_note: closing.note, closed_by: closing.by, closed_at: sql`now()`, first_action_at: sql`coalesce(first_action_at, now())` })
    .where('id', '=', id)
    .execute();
}

/** Open cases, those past their clock with no action, and over the cases opened in the last `days`: the median minutes to a first action and how many had one within the hour. */
export async function metrics(db: Db, days: number) {
  const { rows } = await sql<{ open: number; overdue: number; median: number | null; within_hour: number; opened: number }>`
    SELECT (SELECT count(*)::int FROM harm_cases WHERE status = 'open') AS open,
           (SELECT count(*)::int FROM harm_cases WHERE status = 'open' AND first_action_at IS NULL AND due_at < now()) AS overdue,
           (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_action_at - opened_at) / 60)
              FROM harm_cases WHERE first_action_at IS NOT NULL AND opened_at > now() - make_interval(days => ${days})) AS median,
           (SELECT count(*)::int FROM harm_cases WHERE first_action_at <= due_at AND opened_at > now() - make_interval(days => ${days})) AS within_hour,
           (SELECT count(*)::int FROM harm_cases WHERE opened_at > now() - make_interval(days => ${days})) AS opened`.execute(db);
  const row = rows[0]!;
  return { open: Number(row.open), overdue: Number(row.overdue), median: row.median === null ? null : Number(row.median), withinHour: Number(row.within_hour), opened: Number(row.opened) };
}
