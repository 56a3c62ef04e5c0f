import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * What the operator owes beyond the balances themselves (docs/operations.md "Exposure"): money on
 * its way, under a condition, or earned and not yet taken. Read by the books as a read model.
 */

/** Open holds (not yet resolved) by currency and kind: withdrawals not yet paid, provider transfers not yet settled. */
export async function openHolds(db: Db) {
  const result = await sql<{ currency: string; kind: string; count: string; amount: string }>`
    SELECT h.currency, h.kind, count(*)::text AS count, coalesce(sum(h.amount), 0)::text AS amount
    FROM ledger_transfers h
    WHERE h.hold_to_account_id IS NOT NULL AND h.kind IN ('withdrawal', 'provider_hold')
      AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.resolves_hold_id = h.id)
    GROUP BY 1, 2`.execute(db);
  return result.rows;
}

/** Members under an active condition: what their wallets and games hold, and the rewards that opened the conditions. */
export async function underCondition(db: Db) {
  const result = await sql<{ currency: string; count: string; amount: string; rewards: string }>`
    SELECT held.currency, count(*)::text AS count, coalesce(sum(held.amount), 0)::text AS amount, coalesce(sum(held.reward_amount), 0)::text AS rewards
    FROM (
      SELECT c.member_id, c.reward_amount, m.currency,
        (SELECT coalesce(sum(a.balance), 0) FROM ledger_accounts a WHERE a.member_id = c.member_id AND a.kind IN ('member_wallet', 'member_game')) AS amount
      FROM member_conditions c JOIN members m ON m.id = c.member_id
      WHERE c.status = 'active'
    ) held
    GROUP BY 1`.execute(db);
  return result.rows;
}

/** Money prizes of the wheel a member may still claim (not expired), by the member's currency. */
export async function claimableSpinPrizes(db: Db, at: Date) {
  const result = await sql<{ currency: string; count: string; amount: string }>`
    SELECT m.currency, count(*)::text AS count, coalesce(sum(s.prize_amount), 0)::text AS amount
    FROM spins s JOIN members m ON m.id = s.member_id
    WHERE s.status = 'claimable' AND s.prize_kind IN ('cash', 'bonus') AND s.expires_at > ${at}
    GROUP BY 1`.execute(db);
  return result.rows;
}

/** Invite rewards accrued to inviters (and those held for review), not yet claimed, by the inviter's currency. */
export async function unclaimedInviteRewards(db: Db) {
  const result = await sql<{ currency: string; count: string; amount: string }>`
    SELECT m.currency, count(*)::text AS count, coalesce(sum(i.amount), 0)::text AS amount
    FROM invite_accruals i JOIN members m ON m.id = i.inviter_id
    WHERE i.status IN ('accrued', 'review')
    GROUP BY 1`.execute(db);
  return result.rows;
}

/** Each bank account's latest balance (per name and currency). */
export function latestBankBalances(db: Db) {
  return db
    .selectFrom('books_bank_balances')
    .distinctOn(['currency', 'name'])
    .select(['id', 'name', 'currency', 'balance', 'entered_by', 'entered_at'])
    .orderBy('currency')
    .orderBy('name')
    .orderBy('id', 'desc')
    .execute();
}

export async function enterBankBalance(db: Db, entry: { name: string; currency: 'THB' | 'LAK'; balance: bigint; enteredBy: string }) {
  return db
    .insertInto('books_bank_balances')
    .values({ name: entry.name, currency: entry.currency, balance: entry.balance, entered_by: entry.enteredBy })
    .returning(['id', 'name', 'currency', 'balance', 'entered_by', 'entered_at'])
    .executeTakeFirstOrThrow();
}

/** The balance last entered for this account, if any (the audit's before). */
export function previousBankBalance(db: Db, name: string, currency: 'THB' | 'LAK') {
  return db.selectFrom('books_bank_balances').select(['balance', 'entered_by', 'entered_at']).where('name', '=', name).where('currency', '=', currency).orderBy('id', 'desc').limit(1).executeTakeFirst();
}
