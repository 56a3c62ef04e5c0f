import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * A member's own money figures, read from their wallet's legs in the ledger (a read model: it writes
 * nothing there). Every figure is in minor units of the wallet's currency:
 *
 * - deposits: `deposit` transfers into the wallet, less reversals of them;
 * - withdrawals: withdrawals paid out (the hold from the wallet posted on to the bank), at payout;
 *   held and returned ones are not withdrawals;
 * - game: the wallet's side of its transfers to and from game providers (`provider_hold` out of the
 *   wallet, `provider_post` and `provider_void` back into it), and reversals of them: money back
 *   from games less money moved to games.
 */
export interface FlowSums {
  deposits: bigint;
  withdrawals: bigint;
  game: bigint;
}

/** The member's wallet flows since each instant of `since` (each summed from that instant to now). */
export async function walletFlowsSince(db: Db, memberId: bigint, since: readonly Date[]): Promise<FlowSums[]> {
  if (since.length === 0) return [];
  const earliest = new Date(Math.min(...since.map((instant) => instant.getTime())));
  const starts = since.map((instant) => instant.toISOString()).join(',');
  const { rows } = await sql<{ position: number; deposits: string; withdrawals: string; game: string }>`
    WITH wallet AS (
      SELECT id FROM ledger_accounts WHERE member_id = ${memberId} AND kind = 'member_wallet'
    ), first_id AS (
      -- Every transfer made since the earliest start has at least this id: the member's transfers
      -- are then read from their (account, id) indexes, not from the beginning of their history.
      SELECT coalesce(min(id), 9223372036854775807) AS id FROM ledger_transfers WHERE created_at >= ${earliest.toISOString()}::timestamptz
    ), legs AS (
      SELECT t.created_at, CASE WHEN t.kind = 'reversal' THEN r.kind ELSE t.kind END AS kind, -t.amount AS signed
        FROM ledger_transfers t JOIN wallet w ON t.debit_account_id = w.id LEFT JOIN ledger_transfers r ON r.id = t.reverses_transfer_id
        WHERE t.id >= (SELECT id FROM first_id) AND t.created_at >= ${earliest.toISOString()}::timestamptz
      UNION ALL
      SELECT t.created_at, CASE WHEN t.kind = 'reversal' THEN r.kind ELSE t.kind END, t.amount
        FROM ledger_transfers t JOIN wallet w ON t.credit_account_id = w.id LEFT JOIN ledger_transfers r ON r.id = t.reverses_transfer_id
        WHERE t.id >= (SELECT id FROM first_id) AND t.created_at >= ${earliest.toISOString()}::timestamptz
    ), paid_out AS (
      -- A withdrawal is paid when the transfer resolving its hold goes on to the bank (kind withdrawal).
      SELECT paid.created_at, hold.amount
        FROM ledger_transfers hold JOIN wallet w ON hold.debit_account_id = w.id
        JOIN ledger_transfers paid ON paid.resolves_hold_id = hold.id AND paid.kind = 'withdrawal'
        WHERE hold.kind = 'withdrawal' AND paid.created_at >= ${earliest.toISOString()}::timestamptz
    ), starts AS (
      SELECT position::int AS position, start::timestamptz AS since
        FROM unnest(string_to_array(${starts}::text, ',')) WITH ORDINALITY AS s(start, position)
    )
    SELECT s.position,
      (SELECT coalesce(sum(signed), 0) FROM legs WHERE kind = 'deposit' AND created_at >= s.since)::text AS deposits,
      (SELECT coalesce(sum(amount), 0) FROM paid_out WHERE created_at >= s.since)::text AS withdrawals,
      (SELECT coalesce(sum(signed), 0) FROM legs WHERE kind IN ('provider_hold', 'provider_post', 'provider_void') AND created_at >= s.since)::text AS game
    FROM starts s ORDER BY s.position`.execute(db);
  return rows.map((row) => ({ deposits: BigInt(row.deposits), withdrawals: BigInt(row.withdrawals), game: BigInt(row.game) }));
}

/** The member's reality-check interval in minutes, or undefined when they never chose one. */
export async function findRealityCheckInterval(db: Db, memberId: bigint): Promise<number | undefined> {
  const row = await db.selectFrom('member_reality_checks').select('interval_minutes').where('member_id', '=', memberId).executeTakeFirst();
  return row?.interval_minutes;
}

export async function saveRealityCheckInterval(db: Db, memberId: bigint, minutes: number): Promise<void> {
  await db
    .insertInto('member_reality_checks')
    .values({ member_id: memberId, interval_minutes: minutes })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet({ interval_minutes: minutes, updated_at: sql`now()` }))
    .execute();
}
