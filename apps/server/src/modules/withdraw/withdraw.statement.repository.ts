import { sql } from 'kysely';
import type { ReferencedEntry, Within } from '../statement/statement-sources.js';
import type { Db } from '../../db/database.js';

/** The member's withdrawals, as statement lines (statement-sources.ts's columns). */
export function withdrawalEntries(memberId: bigint, within: Within) {
  return sql`SELECT id::text, 'withdraw', 'WALLET', bank_code, status, amount, created_at, reason, NULL, NULL, reference, held_for_review AND status = 'in_progress'
      FROM withdrawals WHERE member_id = ${memberId} AND ${within('created_at')}`;
}

/** A withdrawal by its reference (a unique index), in the currency it was made in. */
export async function withdrawalByReference(db: Db, reference: string): Promise<ReferencedEntry | undefined> {
  const result = await sql<ReferencedEntry>`
    SELECT 'withdrawal' AS kind, w.id::text AS id, w.member_id, w.currency, w.amount, w.status, w.created_at,
           'WALLET' AS from_code, w.bank_code AS to_code, w.reason
    FROM withdrawals w WHERE w.reference = ${reference}`.execute(db);
  return result.rows[0];
}
