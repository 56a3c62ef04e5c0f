import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** Every slot we have players at, with its credits per unit of our money. */
export function slots(db: Db): Promise<{ code: string; ft_wallet_slot: string }[]> {
  return db
    .selectFrom('providers as p')
    .select(['p.code', 'p.ft_wallet_slot'])
    .where(({ exists, selectFrom }) => exists(selectFrom('game_accounts as g').select('g.member_id').whereRef('g.provider_code', '=', 'p.code')))
    .orderBy('p.code')
    .execute();
}

/** Our transfers to and from one slot that the provider applied (posted), started in [from, to). */
export function postedTransfers(db: Db, code: string, from: Date, to: Date) {
  return db
    .selectFrom('provider_transfers as t')
    .innerJoin('game_accounts as g', (join) => join.onRef('g.member_id', '=', 't.member_id').onRef('g.provider_code', '=', 't.provider_code'))
    .innerJoin('members as m', 'm.id', 't.member_id')
    .select(['t.id', 't.member_id', 't.direction', 't.amount', 't.created_at', 'g.username', 'm.currency'])
    .where('t.provider_code', '=', code)
    .where('t.status', '=', 'posted')
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<', to)
    .execute();
}

export interface ResultBooking {
  member_id: bigint;
  username: string;
  currency: string;
  /** What the member won (positive) or lost (negative) in this booking. */
  amount: bigint;
  at: Date;
  /** The member's booking before this one at this slot, whenever it was; null for their first. */
  previous_at: Date | null;
}

/**
 * The game results we booked at one slot in [from, to), each with the time of the booking before
 * it: the provider's rounds between the two are what it booked (a booking reads the provider's
 * balance and posts the difference).
 */
export async function resultBookings(db: Db, code: string, from: Date, to: Date): Promise<ResultBooking[]> {
  const { rows } = await sql<ResultBooking>`
    WITH game AS (
      SELECT a.id, a.member_id, a.currency FROM ledger_accounts a WHERE a.kind = 'member_game' AND a.provider_code = ${code}
    ),
    day AS (
      SELECT g.id AS account_id, g.member_id, g.currency, t.id, t.created_at AS at,
             CASE WHEN t.credit_account_id = g.id THEN t.amount ELSE -t.amount END AS amount
      FROM ledger_transfers t
      JOIN game g ON g.id IN (t.debit_account_id, t.credit_account_id)
      WHERE t.kind = 'game_result' AND t.created_at >= ${from} AND t.created_at < ${to}
    )
    SELECT d.member_id, ga.username, d.currency, d.amount, d.at,
           coalesce(
             lag(d.at) OVER (PARTITION BY d.member_id ORDER BY d.at, d.id),
             (SELECT max(t.created_at) FROM ledger_transfers t
              WHERE t.kind = 'game_result' AND t.created_at < ${from} AND (t.debit_account_id = d.account_id OR t.credit_account_id = d.account_id))
           ) AS previous_at
    FROM day d
    JOIN game_accounts ga ON ga.member_id = d.member_id AND ga.provider_code = ${code}
    ORDER BY d.member_id, d.at, d.id`.execute(db);
  return rows.map((row) => ({ ...row, member_id: BigInt(row.member_id), amount: BigInt(row.amount) }));
}
