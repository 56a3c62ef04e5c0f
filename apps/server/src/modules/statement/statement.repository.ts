import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { STATEMENT_COLUMNS, type StatementRow, type StatementSource, type Within } from './statement-sources.js';

/** Which days, as instants (since included, until excluded). */
export interface StatementWindow {
  since: Date | null;
  until: Date | null;
}

/**
 * Every movement a member made, newest first: the chosen sources' entries in one UNION ALL. A
 * filter leaves out whole sources (by type) and bounds each source's time column, which its member
 * index is ordered by, so a filtered page reads no more than an unfiltered one.
 */
function movements(sources: StatementSource[], memberId: bigint, window: StatementWindow) {
  const within: Within = (column) =>
    sql.join([sql`TRUE`, ...(window.since ? [sql`${sql.ref(column)} >= ${window.since}`] : []), ...(window.until ? [sql`${sql.ref(column)} < ${window.until}`] : [])], sql` AND `);
  const entries = sources.map((source) => source.entries(memberId, within));
  return sql`(${sql.join(entries, sql` UNION ALL `)}) m (${sql.join(STATEMENT_COLUMNS.map((column) => sql.raw(column)))})`;
}

/** A page of the chosen sources' entries and their count, in one round trip each, side by side. */
export async function statementPage(db: Db, sources: StatementSource[], memberId: bigint, window: StatementWindow, page: number, limit: number): Promise<{ total: number; rows: StatementRow[] }> {
  if (sources.length === 0) return { total: 0, rows: [] };
  const [rows, total] = await Promise.all([
    sql<StatementRow>`SELECT * FROM ${movements(sources, memberId, window)} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`.execute(db),
    sql<{ count: string }>`SELECT count(*) AS count FROM ${movements(sources, memberId, window)}`.execute(db),
  ]);
  return { total: Number(total.rows[0]?.count ?? 0), rows: rows.rows };
}
