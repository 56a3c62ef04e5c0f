import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The operator's figures per gaming day, defined once here (docs/operations.md "Daily figures").
 * A gaming day is a calendar day in the site's time zone. Every money figure is a net flow through
 * one kind of operator account, read from both legs of each transfer:
 *
 * - `ggr` per provider: into `operator:game-results:<provider>` (what members lost, less what they won);
 * - `reward_cost` per kind: out of `operator:rewards:<kind>` (rewards paid, less what `bonus_clear` took back);
 * - `ngr`: `ggr` less `reward_cost`, summed over providers and kinds;
 * - `deposits` per method: out of `operator:deposits:<method>`;
 * - `withdrawals` (`bank`): into `operator:bank-payouts` (paid withdrawals only; held ones wait in payable);
 * - `coins_issued` (currency COIN): out of `operator:spin-coins`, never added to money;
 * - `active_members`: members whose wallet or game account moved that day;
 * - `first_depositors`: members whose first deposit ever was that day;
 * - `registrations`: members created that day, in their wallet currency.
 *
 * Operator accounts in a currency other than baht carry it as a suffix (`operator:deposits:bank:LAK`),
 * so the dimension is the code's third part.
 */
export interface FigureRow {
  day: string;
  currency: string;
  figure: string;
  dimension: string;
  amount: string;
  count: string;
}

/** Which transfers and members a computation reads: up to these ids, on these days (undefined: all). */
export interface FigureScope {
  timeZone: string;
  days?: string[];
  upToTransferId: bigint;
  upToMemberId: bigint;
}

const localDay = (column: string, timeZone: string) => sql<string>`(${sql.ref(column)} AT TIME ZONE ${timeZone}::text)::date`;

/** The figures of the scope's days, computed from the transfers and members themselves. */
export async function computeFigures(db: Db, scope: FigureScope): Promise<FigureRow[]> {
  const { timeZone } = scope;
  const days = scope.days === undefined ? null : scope.days.join(',');
  if (days === '') return [];
  const result = await sql<FigureRow>`
    WITH scope AS (
      SELECT d AS day, d::timestamp AT TIME ZONE ${timeZone}::text AS since, (d + 1)::timestamp AT TIME ZONE ${timeZone}::text AS until
      FROM unnest(string_to_array(${days}::text, ',')::date[]) d
    ), transfers AS (
      SELECT t.id, t.kind, t.amount, t.debit_account_id, t.credit_account_id, s.day
      FROM ledger_transfers t JOIN scope s ON s.day = ${localDay('t.created_at', timeZone)}
      WHERE t.id <= ${scope.upToTransferId}
        AND t.created_at >= (SELECT min(since) FROM scope) AND t.created_at < (SELECT max(until) FROM scope)
      UNION ALL
      SELECT t.id, t.kind, t.amount, t.debit_account_id, t.credit_account_id, ${localDay('t.created_at', timeZone)}
      FROM ledger_transfers t
      WHERE ${days}::text IS NULL AND t.id <= ${scope.upToTransferId}
    ), legs AS (
      SELECT t.id, t.kind, t.day, a.id AS account_id, a.code, a.kind AS account_kind, a.member_id, a.currency::text AS currency,
             CASE WHEN a.id = t.credit_account_id THEN t.amount ELSE -t.amount END AS signed
      FROM transfers t
      JOIN ledger_accounts a ON a.id IN (t.debit_account_id, t.credit_account_id)
    ), flows AS (
      SELECT day, currency, 'ggr' AS figure, split_part(code, ':', 3) AS dimension, sum(signed) AS amount, count(*) AS count
        FROM legs WHERE code LIKE 'operator:game-results:%' GROUP BY 1, 2, 4
      UNION ALL
      SELECT day, currency, 'reward_cost', split_part(code, ':', 3), -sum(signed), count(*) FILTER (WHERE signed < 0)
        FROM legs WHERE code LIKE 'operator:rewards:%' GROUP BY 1, 2, 4
      UNION ALL
      SELECT day, currency, 'deposits', split_part(code, ':', 3), -sum(signed), count(*) FILTER (WHERE signed < 0)
        FROM legs WHERE code LIKE 'operator:deposits:%' GROUP BY 1, 2, 4
      UNION ALL
      SELECT day, currency, 'withdrawals', 'bank', sum(signed), count(*) FILTER (WHERE signed > 0)
        FROM legs WHERE code = 'operator:bank-payouts' OR code LIKE 'operator:bank-payouts:%' GROUP BY 1, 2
      UNION ALL
      SELECT day, currency, 'coins_issued', '', -sum(signed), count(*) FILTER (WHERE signed < 0)
        FROM legs WHERE code = 'operator:spin-coins' GROUP BY 1, 2
    ), members_figures AS (
      SELECT day, currency, 'active_members' AS figure, '' AS dimension, 0::numeric AS amount, count(DISTINCT member_id) AS count
        FROM legs WHERE account_kind IN ('member_wallet', 'member_game') GROUP BY 1, 2
      UNION ALL
      SELECT day, currency, 'first_depositors', '', 0, count(DISTINCT member_id)
        FROM legs l
        WHERE l.kind = 'deposit' AND l.account_kind = 'member_wallet' AND l.signed > 0
          AND NOT EXISTS (
            SELECT 1 FROM ledger_transfers earlier
            WHERE earlier.credit_account_id = l.account_id AND earlier.kind = 'deposit'
              AND earlier.created_at < l.day::timestamp AT TIME ZONE ${timeZone}::text
          )
        GROUP BY 1, 2
      UNION ALL
      SELECT day, CASE currency WHEN 'LAK' THEN 'LAK' ELSE 'THB' END, 'registrations', '', 0, count(*)
        FROM (
          SELECT s.day, m.currency FROM members m JOIN scope s ON s.day = ${localDay('m.created_at', timeZone)}
          WHERE m.id <= ${scope.upToMemberId} AND m.created_at >= (SELECT min(since) FROM scope) AND m.created_at < (SELECT max(until) FROM scope)
          UNION ALL
          SELECT ${localDay('m.created_at', timeZone)}, m.currency FROM members m WHERE ${days}::text IS NULL AND m.id <= ${scope.upToMemberId}
        ) registered
        GROUP BY 1, 2
    ), net AS (
      SELECT day, currency, 'ngr' AS figure, '' AS dimension,
             sum(CASE figure WHEN 'ggr' THEN amount ELSE -amount END) AS amount, 0::bigint AS count
        FROM flows WHERE figure IN ('ggr', 'reward_cost') GROUP BY 1, 2
    )
    SELECT day::text AS day, currency, figure, dimension, amount::bigint::text AS amount, count::bigint::text AS count
    FROM (SELECT * FROM flows UNION ALL SELECT * FROM members_figures UNION ALL SELECT * FROM net) figures
    ORDER BY day, currency, figure, dimension`.execute(db);
  return result.rows;
}

/** The rolled-up figures, as the sweep stored them (all days when `days` is undefined). */
export async function storedFigures(db: Db, range?: { from: string; to: string; currency?: string }): Promise<FigureRow[]> {
  let query = db
    .selectFrom('ledger_daily_figures')
    .select([sql<string>`day::text`.as('day'), 'currency', 'figure', 'dimension', sql<string>`amount::text`.as('amount'), sql<string>`count::text`.as('count')]);
  if (range) query = query.where(sql<boolean>`day BETWEEN ${range.from}::date AND ${range.to}::date`);
  if (range?.currency) query = query.where('currency', '=', range.currency);
  return query.orderBy('day').orderBy('currency').orderBy('figure').orderBy('dimension').execute();
}

/**
 * The stored figures of `from`..`to` in key order, a page at a time (keyset on the primary key):
 * an export of any number of days in constant memory.
 */
export async function* figureBatches(db: Db, range: { from: string; to: string; currency?: string }, batchSize = 2000): AsyncGenerator<FigureRow[]> {
  let after: FigureRow | undefined;
  for (;;) {
    let query = db
      .selectFrom('ledger_daily_figures')
      .select([sql<string>`day::text`.as('day'), 'currency', 'figure', 'dimension', sql<string>`amount::text`.as('amount'), sql<string>`count::text`.as('count')])
      .where(sql<boolean>`day BETWEEN ${range.from}::date AND ${range.to}::date`);
    if (range.currency) query = query.where('currency', '=', range.currency);
    if (after) query = query.where(sql<boolean>`(day, currency, figure, dimension) > (${after.day}::date, ${after.currency}, ${after.figure}, ${after.dimension})`);
    const rows = await query.orderBy('day').orderBy('currency').orderBy('figure').orderBy('dimension').limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1];
  }
}

/** The sweep's watermark, locked until the transaction ends; undefined while another node holds it (it is sweeping). */
export async function lockWatermark(trx: Db) {
  return trx.selectFrom('ledger_daily_figures_watermark').select(['last_transfer_id', 'last_member_id', 'swept_at']).forUpdate().skipLocked().executeTakeFirst();
}

export async function readWatermark(db: Db) {
  return db.selectFrom('ledger_daily_figures_watermark').select(['last_transfer_id', 'last_member_id', 'swept_at']).executeTakeFirstOrThrow();
}

export async function latestIds(db: Db): Promise<{ transferId: bigint; memberId: bigint }> {
  const row = await sql<{ transfer_id: string; member_id: string }>`
    SELECT (SELECT coalesce(max(id), 0) FROM ledger_transfers)::text AS transfer_id, (SELECT coalesce(max(id), 0) FROM members)::text AS member_id`.execute(db);
  return { transferId: BigInt(row.rows[0]!.transfer_id), memberId: BigInt(row.rows[0]!.member_id) };
}

/** The days the transfers and members after the watermark fall on. */
export async function touchedDays(db: Db, timeZone: string, after: { transferId: bigint; memberId: bigint }, upTo: { transferId: bigint; memberId: bigint }): Promise<string[]> {
  const result = await sql<{ day: string }>`
    SELECT DISTINCT ${localDay('created_at', timeZone)}::text AS day FROM ledger_transfers WHERE id > ${after.transferId} AND id <= ${upTo.transferId}
    UNION
    SELECT DISTINCT ${localDay('created_at', timeZone)}::text FROM members WHERE id > ${after.memberId} AND id <= ${upTo.memberId}
    ORDER BY 1`.execute(db);
  return result.rows.map((row) => row.day);
}

/** Game results after the watermark whose day is before `newestDay`: late results, by day. */
export async function lateResults(db: Db, timeZone: string, after: bigint, upTo: bigint, newestDay: string) {
  const result = await sql<{ day: string; currency: string; transfers: string; first_id: string; last_id: string }>`
    SELECT ${localDay('created_at', timeZone)}::text AS day, currency, count(*)::text AS transfers, min(id)::text AS first_id, max(id)::text AS last_id
    FROM ledger_transfers
    WHERE id > ${after} AND id <= ${upTo} AND kind = 'game_result' AND ${localDay('created_at', timeZone)} < ${newestDay}::date
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  return result.rows;
}

export async function newestDay(db: Db): Promise<string | null> {
  const row = await db.selectFrom('ledger_daily_figures').select(sql<string | null>`max(day)::text`.as('day')).executeTakeFirst();
  return row?.day ?? null;
}

/** Replaces the stored figures of `days` with `rows`. */
export async function replaceDays(trx: Db, days: string[], rows: FigureRow[]): Promise<void> {
  if (days.length === 0) return;
  await trx.deleteFrom('ledger_daily_figures').where(sql<boolean>`day = ANY(string_to_array(${days.join(',')}::text, ',')::date[])`).execute();
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500).map((row) => ({ ...row, amount: BigInt(row.amount), count: BigInt(row.count) }));
    await trx.insertInto('ledger_daily_figures').values(chunk).execute();
  }
}

export async function advanceWatermark(trx: Db, upTo: { transferId: bigint; memberId: bigint }): Promise<void> {
  await trx.updateTable('ledger_daily_figures_watermark').set({ last_transfer_id: upTo.transferId, last_member_id: upTo.memberId, swept_at: sql`now()` }).execute();
}
