import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ExceptionKind, RuleSettings, SourceName } from './matcher.js';

export type RuleRow = Selectable<Database['reconciliation_rules']>;
export type RunRow = Omit<Selectable<Database['reconciliation_runs']>, 'day'> & { day: string };
export type ExceptionRow = Omit<Selectable<Database['reconciliation_exceptions']>, 'day'> & { day: string };
export const WAITING = ['open', 'correcting', 'write_off_proposed'] as const;

/** The instants a gaming day runs between, in the site's zone. */
export async function dayBounds(db: Db, day: string, timeZone: string): Promise<{ from: Date; to: Date }> {
  const { rows } = await sql<{ from: Date; to: Date }>`
    SELECT (${day}::date::timestamp AT TIME ZONE ${timeZone}) AS "from", ((${day}::date + 1)::timestamp AT TIME ZONE ${timeZone}) AS "to"`.execute(db);
  return rows[0]!;
}

/** Today and yesterday in the site's zone. */
export async function currentDays(db: Db, timeZone: string, at: Date): Promise<string[]> {
  const { rows } = await sql<{ today: string; yesterday: string }>`
    SELECT (${at}::timestamptz AT TIME ZONE ${timeZone})::date::text AS today, ((${at}::timestamptz AT TIME ZONE ${timeZone})::date - 1)::text AS yesterday`.execute(db);
  return [rows[0]!.yesterday, rows[0]!.today];
}

export function latestRules(db: Db): Promise<RuleRow[]> {
  return db
    .selectFrom('reconciliation_rules as r')
    .selectAll()
    .where(({ eb, selectFrom }) => eb('r.version', '=', selectFrom('reconciliation_rules as n').select(({ fn }) => fn.max('n.version').as('v')).whereRef('n.source', '=', 'r.source')))
    .orderBy('r.source')
    .execute();
}

/** The source's latest rule, locked: one run of a source at a time, and a rule saved between runs. */
export function lockLatestRule(db: Db, source: SourceName, wait: boolean): Promise<RuleRow | undefined> {
  const query = db.selectFrom('reconciliation_rules').selectAll().where('source', '=', source).orderBy('version', 'desc').limit(1).forUpdate();
  return (wait ? query : query.skipLocked()).executeTakeFirst();
}

export async function insertRule(db: Db, values: { source: SourceName; version: number; settings: RuleSettings; note: string; createdBy: bigint }): Promise<void> {
  await db
    .insertInto('reconciliation_rules')
    .values({ source: values.source, version: values.version, settings: JSON.stringify(values.settings), note: values.note, created_by: values.createdBy })
    .execute();
}

/** When this source's day was last run, or undefined. */
export async function lastRunStarted(db: Db, source: SourceName, day: string): Promise<Date | undefined> {
  const row = await db.selectFrom('reconciliation_runs').select('started_at').where('source', '=', source).where('day', '=', day).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.started_at;
}

export async function startRun(db: Db, values: { source: SourceName; day: string; ruleVersion: number; askedBy: string | null }): Promise<bigint> {
  const row = await db
    .insertInto('reconciliation_runs')
    .values({ source: values.source, day: values.day, rule_version: values.ruleVersion, asked_by: values.askedBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(
  db: Db,
  id: bigint,
  result: { error: string } | { ours: number; theirs: number; matched: number; exceptions: number; totals: Record<string, { ours: string; theirs: string; matched: string }> },
): Promise<void> {
  const values = 'error' in result ? { error: result.error } : { ...result, totals: JSON.stringify(result.totals) };
  await db.updateTable('reconciliation_runs').set({ finished_at: sql`now()`, ...values }).where('id', '=', id).execute();
}

const runColumns = sql<string>`day::text`.as('day');

export async function runsPage(db: Db, page: number, limit: number): Promise<{ total: number; rows: RunRow[] }> {
  const [count, rows] = await Promise.all([
    db.selectFrom('reconciliation_runs').select(({ fn }) => fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    db
      .selectFrom('reconciliation_runs')
      .selectAll()
      .select(runColumns)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  return { total: Number(count.total), rows };
}

export async function findRun(db: Db, id: bigint): Promise<RunRow> {
  return db.selectFrom('reconciliation_runs').selectAll().select(runColumns).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The latest run that finished without an error, per source. */
export async function lastSuccess(db: Db): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('reconciliation_runs')
    .select(['source', ({ fn }) => fn.max('finished_at').as('at')])
    .where('error', 'is', null)
    .where('finished_at', 'is not', null)
    .groupBy('source')
    .execute();
  return new Map(rows.flatMap((row) => (row.at ? [[row.source, new Date(row.at)] as const] : [])));
}

export interface FoundException {
  kind: ExceptionKind;
  ourRef: string;
  theirRef: string;
  currency: string;
  ourAmount: bigint | null;
  theirAmount: bigint | null;
  memberId: bigint | null;
  detail: Record<string, string | number | null>;
}

/**
 * Records what a run found: a disagreement seen before keeps its row (and its owner), with this
 * run as the last to see it; a new one opens.
 */
export async function upsertExceptions(db: Db, source: SourceName, day: string, runId: bigint, found: FoundException[]): Promise<void> {
  for (let start = 0; start < found.length; start += 500) {
    await db
      .insertInto('reconciliation_exceptions')
      .values(
        found.slice(start, start + 500).map((item) => ({
          source,
          day,
          kind: item.kind,
          our_ref: item.ourRef,
          their_ref: item.theirRef,
          currency: item.currency,
          our_amount: item.ourAmount,
          their_amount: item.theirAmount,
          member_id: item.memberId,
          detail: JSON.stringify(item.detail),
          opened_run: runId,
          last_seen_run: runId,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['source', 'kind', 'our_ref', 'their_ref']).doUpdateSet((eb) => ({
          last_seen_run: eb.ref('excluded.last_seen_run'),
          our_amount: eb.ref('excluded.our_amount'),
          their_amount: eb.ref('excluded.their_amount'),
          detail: sql`excluded.detail`,
          // A disagreement cleared by an earlier run and found again is open again.
          status: sql`CASE WHEN reconciliation_exceptions.status = 'cleared' THEN 'open' ELSE reconciliation_exceptions.status END`,
          resolved_at: sql`CASE WHEN reconciliation_exceptions.status = 'cleared' THEN NULL ELSE reconciliation_exceptions.resolved_at END`,
          resolution_reason: sql`CASE WHEN reconciliation_exceptions.status = 'cleared' THEN NULL ELSE reconciliation_exceptions.resolution_reason END`,
        })),
      )
      .execute();
  }
}

/** Open exceptions of the source's day this run did not find again: the two sides agree now. */
export async function clearUnseen(db: Db, source: SourceName, day: string, runId: bigint): Promise<number> {
  const result = await db
    .updateTable('reconciliation_exceptions')
    .set({ status: 'cleared', resolved_at: sql`now()`, resolution_reason: sql`'matched by run ' || ${String(runId)}` })
    .where('source', '=', source)
    .where('day', '=', day)
    .where('status', '=', 'open')
    .where('last_seen_run', '<>', runId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const exceptionColumns = sql<string>`day::text`.as('day');

export function lockException(db: Db, id: string): Promise<ExceptionRow | undefined> {
  return db.selectFrom('reconciliation_exceptions').selectAll().select(exceptionColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findException(db: Db, id: string): Promise<ExceptionRow | undefined> {
  return db.selectFrom('reconciliation_exceptions').selectAll().select(exceptionColumns).where('id', '=', id).executeTakeFirst();
}

export function exceptionsOfCorrection(db: Db, correctionId: string): Promise<ExceptionRow[]> {
  return db.selectFrom('reconciliation_exceptions').selectAll().select(exceptionColumns).where('correction_id', '=', correctionId).forUpdate().execute();
}

export async function updateException(
  db: Db,
  id: string,
  values: Partial<Pick<ExceptionRow, 'assignee' | 'status' | 'resolution_reason' | 'correction_id' | 'proposed_by' | 'decided_by'>> & { assigned?: boolean; resolved?: boolean },
): Promise<void> {
  const { assigned, resolved, ...columns } = values;
  await db
    .updateTable('reconciliation_exceptions')
    .set({
      ...columns,
      ...(assigned === undefined ? {} : { assigned_at: assigned ? sql<Date>`now()` : null }),
      ...(resolved === undefined ? {} : { resolved_at: resolved ? sql<Date>`now()` : null }),
    })
    .where('id', '=', id)
    .execute();
}

export async function exceptionsPage(
  db: Db,
  filter: { statuses: readonly string[] | null; source: SourceName | undefined },
  page: number,
  limit: number,
): Promise<{ total: number; rows: ExceptionRow[] }> {
  let query = db.selectFrom('reconciliation_exceptions');
  if (filter.statuses) query = query.where('status', 'in', filter.statuses as ExceptionRow['status'][]);
  if (filter.source) query = query.where('source', '=', filter.source);
  const [count, rows] = await Promise.all([
    query.select(({ fn }) => fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    query.selectAll().select(exceptionColumns).orderBy('opened_at').orderBy('id').limit(limit).offset((page - 1) * limit).execute(),
  ]);
  return { total: Number(count.total), rows };
}

export async function notesOf(db: Db, ids: string[]): Promise<{ exception_id: string; admin_id: bigint; note: string; created_at: Date }[]> {
  if (!ids.length) return [];
  return db.selectFrom('reconciliation_exception_notes').select(['exception_id', 'admin_id', 'note', 'created_at']).where('exception_id', 'in', ids).orderBy('id').execute();
}

export async function addNote(db: Db, values: { exceptionId: string; adminId: bigint; note: string }): Promise<void> {
  await db.insertInto('reconciliation_exception_notes').values({ exception_id: values.exceptionId, admin_id: values.adminId, note: values.note }).execute();
}

/** Waiting exceptions opened before `before` that no one owns. */
export async function unownedSince(db: Db, before: Date): Promise<number> {
  const row = await db
    .selectFrom('reconciliation_exceptions')
    .select(({ fn }) => fn.countAll<string>().as('count'))
    .where('status', 'in', [...WAITING])
    .where('assignee', 'is', null)
    .where('opened_at', '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
