import { sql } from 'kysely';
import type { ReferencedEntry, Within } from '../statement/statement-sources.js';
import type { Db } from '../../db/database.js';

/** The member's credited deposits, as statement lines (statement-sources.ts's columns). */
export function depositEntries(memberId: bigint, within: Within) {
  return sql`SELECT id::text, 'deposit', method, 'WALLET', 'SUCCESS', amount, created_at, NULL, NULL, NULL, reference, false
      FROM deposits WHERE member_id = ${memberId} AND ${within('created_at')}`;
}

/** Notices still waiting or refused; an approved one is on the statement as its deposit, with the same reference. */
export function noticeEntries(memberId: bigint, within: Within) {
  return sql`SELECT id::text, 'deposit', 'MANUAL', 'WALLET', status, amount, created_at, reason, NULL, NULL, reference, false
      FROM manual_deposit_notices WHERE member_id = ${memberId} AND status <> 'SUCCESS' AND ${within('created_at')}`;
}

/** A deposit (or the notice it came from, while it waits or was refused) by its reference; each side reads a unique index. */
export async function depositByReference(db: Db, reference: string): Promise<ReferencedEntry | undefined> {
  const result = await sql<ReferencedEntry>`
    SELECT 'deposit' AS kind, d.id::text AS id, d.member_id, NULL AS currency, d.amount, 'SUCCESS' AS status, d.created_at,
           d.method AS from_code, 'WALLET' AS to_code, NULL AS reason
    FROM deposits d WHERE d.reference = ${reference}
    UNION ALL
    SELECT 'deposit_notice', n.id::text, n.member_id, NULL, n.amount, n.status, n.created_at, 'MANUAL', 'WALLET', n.reason
    FROM manual_deposit_notices n WHERE n.reference = ${reference} AND n.status <> 'SUCCESS'
    LIMIT 1`.execute(db);
  return result.rows[0];
}
