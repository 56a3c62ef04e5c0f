import { sql } from 'kysely';
import type { CurrencyCode } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { REWARD_KINDS } from '../ledger/accounts.js';

/** Calendar days in the site's time zone, from `since` (inclusive). */
const day = (column: string, timeZone: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;

/** A member's wallet currency as the ledger holds it (the Laos build's BAHT wallets are baht). */
const walletCurrency = sql<string>`CASE m.currency WHEN 'LAK' THEN 'LAK' ELSE 'THB' END`;

export async function depositsPerDay(db: Db, since: Date, timeZone: string, currency: CurrencyCode) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .select([day('d.created_at', timeZone).as('day'), 'd.method', sql<string>`sum(d.amount)`.as('amount'), sql<string>`count(*)`.as('count')])
    .where('d.created_at', '>=', since)
    .where(walletCurrency, '=', currency)
    .groupBy([sql`1`, 'd.method'])
    .execute();
}

/** Paid-out withdrawals (SUCCESS), by the day they were paid. */
export async function withdrawalsPerDay(db: Db, since: Date, timeZone: string, currency: CurrencyCode) {
  return db
    .selectFrom('withdrawals')
    .select([day('decided_at', timeZone).as('day'), sql<string>`sum(amount)`.as('amount'), sql<string>`count(*)`.as('count')])
    .where('status', '=', 'SUCCESS')
    .where('currency', '=', currency)
    .where('decided_at', '>=', since)
    .groupBy(sql`1`)
    .execute();
}

export async function newMembersPerDay(db: Db, since: Date, timeZone: string) {
  return db
    .selectFrom('members')
    .select([day('created_at', timeZone).as('day'), sql<string>`count(*)`.as('count')])
    .where('created_at', '>=', since)
    .groupBy(sql`1`)
    .execute();
}

/**
 * From the ledger: what members lost at the providers minus what they won (the operator's net
 * gaming result), and what rewards cost (bonus, refund, invite, spin and correction credits).
 */
export async function ledgerPerDay(db: Db, since: Date, timeZone: string, currency: CurrencyCode) {
  return db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as debit', 'debit.id', 't.debit_account_id')
    .innerJoin('ledger_accounts as credit', 'credit.id', 't.credit_account_id')
    .select([
      day('t.created_at', timeZone).as('day'),
      sql<string>`coalesce(sum(CASE WHEN t.kind = 'game_result' AND debit.kind = 'member_game' THEN t.amount WHEN t.kind = 'game_result' THEN -t.amount ELSE 0 END), 0)`.as('net_gaming'),
      sql<string>`coalesce(sum(CASE WHEN t.kind IN (${sql.join([...REWARD_KINDS])}) AND credit.kind <> 'operator' THEN t.amount ELSE 0 END), 0)`.as('bonus_cost'),
      sql<string>`coalesce(sum(CASE WHEN t.kind = 'adjustment' AND credit.kind <> 'operator' THEN t.amount WHEN t.kind = 'adjustment' AND debit.kind <> 'operator' THEN -t.amount ELSE 0 END), 0)`.as('corrections'),
    ])
    .where('t.created_at', '>=', since)
    .where('t.currency', '=', currency)
    .where('t.kind', 'in', ['game_result', 'adjustment', ...REWARD_KINDS])
    .groupBy(sql`1`)
    .execute();
}

/** What waits for an operator, and since when. */
export async function pendingQueues(db: Db) {
  const queue = (name: string, table: 'withdrawals' | 'slips' | 'manual_deposit_notices' | 'truemoney_transfers' | 'money_corrections') =>
    db.selectFrom(table).select([sql<string>`${name}`.as('queue'), sql<string>`count(*)`.as('count'), sql<Date | null>`min(created_at)`.as('oldest')]);
  const [withdrawals, slips, notices, transfers, corrections] = await Promise.all([
    queue('withdrawals', 'withdrawals').where('status', '=', 'in_progress').executeTakeFirstOrThrow(),
    queue('slips', 'slips').where('status', '=', 'in_progress').where('needs_review', '=', true).executeTakeFirstOrThrow(),
    queue('depositNotices', 'manual_deposit_notices').where('status', '=', 'in_progress').executeTakeFirstOrThrow(),
    queue('truemoneyTransfers', 'truemoney_transfers').where('status', 'in', ['unmatched', 'below_minimum']).executeTakeFirstOrThrow(),
    queue('corrections', 'money_corrections').where('status', '=', 'proposed').executeTakeFirstOrThrow(),
  ]);
  return [withdrawals, slips, notices, transfers, corrections];
}
