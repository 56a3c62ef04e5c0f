import { sql } from 'kysely';
import type { Within } from '../statement/statement-sources.js';
import type { Db } from '../../db/database.js';

/** Rewards paid to the member (bonuses, promotion codes, invite rewards, refunds, spin prizes), as statement lines. */
export function rewardEntries(memberId: bigint, within: Within) {
  return sql`SELECT id::text, 'bonus', upper(kind), 'WALLET', 'SUCCESS', amount, created_at, NULL, kind, coalesce(offer_code, upper(kind)), NULL, false
      FROM reward_claims WHERE member_id = ${memberId} AND ${within('created_at')}`;
}

/** The names of offers, in every language, for the related items of bonus entries. */
export function offerNames(db: Db, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('offers').select(['code', 'name']).where('code', 'in', codes).execute();
}
