import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface StatementRow {
  id: string;
  statement_type: 'deposit' | 'bonus' | 'finish_bonus' | 'withdraw' | 'transfer';
  from_code: string;
  to_code: string;
  status: 'in_progress' | 'SUCCESS' | 'FAILED';
  amount: bigint;
  created_at: Date;
  reason: string | null;
  /** A reward's kind and code (bonus, promotion, invite, refund, spin), for bonus and finish_bonus entries. */
  related_kind: 'bonus' | 'promotion' | 'invite' | 'refund' | 'spin' | null;
  related_code: string | null;
}

/**
 * Every movement a member made, newest first, from the tables that record them: provider
 * transfers, withdrawals, deposits, and operator credits to and debits from the wallet (the ledger's adjustments).
 */
function movements(memberId: bigint) {
  return sql`
    SELECT id::text AS id, 'transfer' AS statement_type,
           CASE WHEN direction = 'deposit' THEN 'WALLET' ELSE provider_code END AS from_code,
           CASE WHEN direction = 'deposit' THEN provider_code ELSE 'WALLET' END AS to_code,
           CASE status WHEN 'posted' THEN 'SUCCESS' WHEN 'voided' THEN 'FAILED' ELSE 'in_progress' END AS status,
           amount, created_at, failure_reason AS reason, NULL AS related_kind, NULL AS related_code
    FROM provider_transfers WHERE member_id = ${memberId}
    UNION ALL
    SELECT id::text, 'withdraw', 'WALLET', bank_code, status, amount, created_at, reason, NULL, NULL
    FROM withdrawals WHERE member_id = ${memberId}
    UNION ALL
    SELECT id::text, 'deposit', method, 'WALLET', 'SUCCESS', amount, created_at, NULL, NULL, NULL
    FROM deposits WHERE member_id = ${memberId}
    UNION ALL
    -- Notices still waiting or refused; an approved one appears as its deposit above.
    SELECT id::text, 'deposit', 'MANUAL', 'WALLET', status, amount, created_at, reason, NULL, NULL
    FROM manual_deposit_notices WHERE member_id = ${memberId} AND status <> 'SUCCESS'
    UNION ALL
    SELECT t.id::text, 'deposit', 'OPERATOR', 'WALLET', 'SUCCESS', t.amount, t.created_at, NULL, NULL, NULL
    FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
    WHERE a.code = ${`wallet:${memberId}`} AND t.kind = 'adjustment'
    UNION ALL
    -- An operator's correction taking money back (four eyes, issue 11 §4).
    SELECT t.id::text, 'withdraw', 'WALLET', 'OPERATOR', 'SUCCESS', t.amount, t.created_at, NULL, NULL, NULL
    FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
    WHERE a.code = ${`wallet:${memberId}`} AND t.kind = 'adjustment'
    UNION ALL
    -- Rewards (issue 12): bonuses, promotion codes, invite rewards, refunds.
    SELECT id::text, 'bonus', upper(kind), 'WALLET', 'SUCCESS', amount, created_at, NULL, kind, coalesce(offer_code, upper(kind))
    FROM reward_claims WHERE member_id = ${memberId}
    UNION ALL
    -- A condition the member (or an operator) ended, with what ending it took back.
    SELECT id::text, 'finish_bonus', 'WALLET', upper(kind), 'SUCCESS', cleared_amount, closed_at, end_reason, kind, source
    FROM member_conditions WHERE member_id = ${memberId} AND status = 'ended'`;
}

export async function statementPage(db: Db, memberId: bigint, page: number, limit: number): Promise<{ total: number; rows: StatementRow[] }> {
  const [rows, total] = await Promise.all([
    sql<StatementRow>`SELECT * FROM (${movements(memberId)}) m ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`.execute(db),
    sql<{ count: string }>`SELECT count(*) AS count FROM (${movements(memberId)}) m`.execute(db),
  ]);
  return { total: Number(total.rows[0]?.count ?? 0), rows: rows.rows };
}

/** The names of offers, for the related items of bonus entries. */
export function offerNames(db: Db, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('offers').select(['code', 'name']).where('code', 'in', codes).execute();
}
