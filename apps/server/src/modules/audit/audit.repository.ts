import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface AuditFilter {
  actor?: string | undefined;
  /** An action, or every action it begins (`member.` finds all member actions). */
  action?: string | undefined;
  exactAction?: boolean;
  /** Entries on or after, and before. */
  from?: Date | undefined;
  to?: Date | undefined;
  /** Free text found in the detail (an id, a phone, an amount). */
  text?: string | undefined;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.action) query = filter.exactAction ? query.where('action', '=', filter.action) : query.where('action', 'like', `${filter.action.replace(/[%_\\]/g, '\\$&')}%`);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', filter.to);
  if (filter.text) query = query.where(sql<string>`detail::text`, 'ilike', `%${filter.text.replace(/[%_\\]/g, '\\$&')}%`);
  return query;
}

const columns = ['id', 'position', 'actor', 'action', 'detail', 'ip', 'created_at', 'hash', 'request_id'] as const;

export async function auditPage(db: Db, filter: AuditFilter, page: number, limit: number) {
  const query = filtered(db, filter);
  const [rows, total] = await Promise.all([
    query.select(columns).orderBy('position', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}

/** The filtered entries oldest first, a page at a time by position (keyset): any size, constant memory. */
export async function* auditBatches(db: Db, filter: AuditFilter, batchSize = 1000) {
  let after = 0n;
  for (;;) {
    const rows = await filtered(db, filter).select(columns).where('position', '>', after).orderBy('position').limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.position;
  }
}

// Any constant works; the same on every node, so two entries never claim the same predecessor.
const CHAIN_LOCK_ID = 724118;
const microsOf = (column: string) => sql.raw(`((extract(epoch FROM ${column}) * 1000000)::bigint)::text`);

/**
 * Takes the chain's writers' lock for the rest of the caller's transaction: one entry at a time
 * (operator actions are few). Its own statement, so the head read next sees every entry committed
 * before the lock was granted.
 */
export async function lockChain(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK_ID})`.execute(db);
}

/**
 * Under the lock: the hash the next entry follows, its id, position and time, and its detail as
 * jsonb's text (what the hash covers, since jsonb reorders keys).
 */
export async function nextLink(db: Db, detailJson: string) {
  const result = await sql<{ prev_hash: string; id: string; position: string; created_micros: string; detail_text: string }>`
    SELECT coalesce((SELECT hash FROM audit_log ORDER BY position DESC LIMIT 1), '') AS prev_hash,
           nextval(pg_get_serial_sequence('audit_log', 'id'))::text AS id,
           nextval('audit_log_position')::text AS position,
           ${microsOf('clock.at')} AS created_micros,
           ${detailJson}::jsonb::text AS detail_text
    FROM (SELECT clock_timestamp() AS at) clock`.execute(db);
  return result.rows[0]!;
}

export interface ChainedRow {
  id: string;
  position: string;
  actor: string;
  action: string;
  detailText: string;
  ip: string | null;
  createdMicros: string;
  prevHash: string;
  requestId: string | null;
  hash: string;
}

export async function appendEntry(db: Db, entry: ChainedRow): Promise<void> {
  await sql`
    INSERT INTO audit_log (id, position, actor, action, detail, ip, created_at, prev_hash, hash, keyed, request_id)
    OVERRIDING SYSTEM VALUE
    VALUES (${entry.id}::bigint, ${entry.position}::bigint, ${entry.actor}, ${entry.action}, ${entry.detailText}::jsonb, ${entry.ip},
            timestamptz 'epoch' + ${entry.createdMicros}::bigint * interval '1 microsecond', ${entry.prevHash}, ${entry.hash}, true, ${entry.requestId})`.execute(db);
}

/**
 * The whole chain oldest first, a batch at a time by position (keyset), with what each hash covers.
 * (`audit_log.position` where the text alias of the same name would otherwise sort as text.)
 */
export async function* chainBatches(db: Db, batchSize = 2000) {
  let after = '0';
  for (;;) {
    const result = await sql<ChainedRow & { keyed: boolean }>`
      SELECT id::text, position::text, actor, action, detail::text AS "detailText", ip, ${microsOf('created_at')} AS "createdMicros",
             prev_hash AS "prevHash", request_id AS "requestId", hash, keyed
      FROM audit_log WHERE audit_log.position > ${after}::bigint ORDER BY audit_log.position LIMIT ${batchSize}`.execute(db);
    if (result.rows.length === 0) return;
    yield result.rows;
    after = result.rows[result.rows.length - 1]!.position;
  }
}

/** The newest entry and how many there are, read together (one snapshot); undefined when the log is empty. */
export async function chainHead(db: Db) {
  const result = await sql<{ id: string; position: string; hash: string; entries: string }>`
    SELECT id::text, position::text, hash, (SELECT count(*) FROM audit_log)::text AS entries
    FROM audit_log ORDER BY audit_log.position DESC LIMIT 1`.execute(db);
  const row = result.rows[0];
  return row && { id: row.id, position: row.position, hash: row.hash, entries: Number(row.entries) };
}

/** The entry at a position (undefined when gone) and how many entries lead up to it, itself included. */
export async function entryAt(db: Db, position: string) {
  const result = await sql<{ id: string | null; hash: string | null; entries: string }>`
    SELECT (SELECT id::text FROM audit_log WHERE position = ${position}::bigint) AS id,
           (SELECT hash FROM audit_log WHERE position = ${position}::bigint) AS hash,
           (SELECT count(*) FROM audit_log WHERE position <= ${position}::bigint)::text AS entries`.execute(db);
  const row = result.rows[0]!;
  return { entry: row.id === null || row.hash === null ? undefined : { id: row.id, hash: row.hash }, entries: Number(row.entries) };
}
