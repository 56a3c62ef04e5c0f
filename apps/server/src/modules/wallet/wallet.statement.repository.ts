import { sql } from 'kysely';
import type { Within } from '../statement/statement-sources.js';

/** The member's transfers to and from game providers, as statement lines (statement-sources.ts's columns). */
export function transferEntries(memberId: bigint, within: Within) {
  return sql`SELECT id::text AS id, 'transfer' AS statement_type,
             CASE WHEN direction = 'deposit' THEN 'WALLET' ELSE provider_code END AS from_code,
             CASE WHEN direction = 'deposit' THEN provider_code ELSE 'WALLET' END AS to_code,
             CASE status WHEN 'posted' THEN 'SUCCESS' WHEN 'voided' THEN 'FAILED' ELSE 'in_progress' END AS status,
             amount, created_at, failure_reason AS reason, NULL AS related_kind, NULL AS related_code, NULL AS reference, false AS checking
      FROM provider_transfers WHERE member_id = ${memberId} AND ${within('created_at')}`;
}
