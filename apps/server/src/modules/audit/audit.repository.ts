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

const columns = ['id', 'position', 'actor', 'action', 'detail', 'ip', 'created_at', 'hash'] as const;

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

/**
 * Entries whose hash is not what their content gives, or whose predecessor is not the entry
 * before them: an edit, a deletion or an insertion out of the database's chain.
 */
export async function brokenLinks(db: Db) {
  const result = await sql<{ id: string; position: string; problem: 'content' | 'link' }>`
    SELECT id::text, position::text, CASE WHEN hash <> recomputed THEN 'content' ELSE 'link' END AS problem
    FROM (
      SELECT id, position, hash, prev_hash,
             audit_entry_hash(prev_hash, id, actor, action, detail, ip, created_at) AS recomputed,
             coalesce(lag(hash) OVER (ORDER BY position), '') AS expected_prev
      FROM audit_log
    ) chained
    WHERE hash <> recomputed OR prev_hash <> expected_prev
    ORDER BY position`.execute(db);
  const count = await db.selectFrom('audit_log').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
  return { entries: Number(count.count), broken: result.rows };
}
