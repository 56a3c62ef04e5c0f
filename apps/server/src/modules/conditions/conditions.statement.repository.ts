import { sql } from 'kysely';
import type { Within } from '../statement/statement-sources.js';

/** A condition the member (or an operator) ended, with what ending it took back, as statement lines. */
export function endedConditionEntries(memberId: bigint, within: Within) {
  return sql`SELECT id::text, 'finish_bonus', 'WALLET', upper(kind), 'SUCCESS', cleared_amount, closed_at, end_reason, kind, source, NULL, false
      FROM member_conditions WHERE member_id = ${memberId} AND status = 'ended' AND ${within('closed_at')}`;
}
