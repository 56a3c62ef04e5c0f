import { type RawBuilder, sql } from 'kysely';
import type { StatementTypeFilter } from '@wallet/contract';
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
  /** Deposits and withdrawals (migration 060); null for transfers and rewards. */
  reference: string | null;
}

/** Which movements, and between which instants (from included, until excluded). */
export interface StatementQuery {
  type: StatementTypeFilter;
  since: Date | null;
  until: Date | null;
}

/**
 * Every movement a member made, newest first, from the tables that record them: provider
 * transfers, withdrawals, deposits, and operator credits to and debits from the wallet (the ledger's adjustments).
 * A filter leaves out whole branches (by type) and bounds each branch's time column, which its
 * member index is ordered by, so a filtered page reads no more than an unfiltered one.
 */
function movements(memberId: bigint, query: StatementQuery) {
  const wallet = `wallet:${memberId}`;
  const within = (column: RawBuilder<unknown>) =>
    sql.join([sql`TRUE`, ...(query.since ? [sql`${column} >= ${query.since}`] : []), ...(query.until ? [sql`${column} < ${query.until}`] : [])], sql` AND `);
  const at = sql.ref('created_at');
  const branches: Record<Exclude<StatementTypeFilter, 'all'>, RawBuilder<unknown>[]> = {
    transfer: [
      sql`SELECT id::text AS id, 'transfer' AS statement_type,
             CASE WHEN direction = 'deposit' THEN 'WALLET' ELSE provider_code END AS from_code,
             CASE WHEN direction = 'deposit' THEN provider_code ELSE 'WALLET' END AS to_code,
             CASE status WHEN 'posted' THEN 'SUCCESS' WHEN 'voided' THEN 'FAILED' ELSE 'in_progress' END AS status,
             amount, created_at, failure_reason AS reason, NULL AS related_kind, NULL AS related_code, NULL AS reference
      FROM provider_transfers WHERE member_id = ${memberId} AND ${within(at)}`,
    ],
    withdraw: [
      sql`SELECT id::text, 'withdraw', 'WALLET', bank_code, status, amount, created_at, reason, NULL, NULL, reference
      FROM withdrawals WHERE member_id = ${memberId} AND ${within(at)}`,
      // An operator's correction taking money back (four eyes, issue 11 §4).
      sql`SELECT t.id::text, 'withdraw', 'WALLET', 'OPERATOR', 'SUCCESS', t.amount, t.created_at, NULL, NULL, NULL, money_reference('C', t.id)
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
      WHERE a.code = ${wallet} AND t.kind = 'adjustment' AND ${within(sql.ref('t.created_at'))}`,
    ],
    deposit: [
      sql`SELECT id::text, 'deposit', method, 'WALLET', 'SUCCESS', amount, created_at, NULL, NULL, NULL, reference
      FROM deposits WHERE member_id = ${memberId} AND ${within(at)}`,
      // Notices still waiting or refused; an approved one appears as its deposit above, with the same reference.
      sql`SELECT id::text, 'deposit', 'MANUAL', 'WALLET', status, amount, created_at, reason, NULL, NULL, reference
      FROM manual_deposit_notices WHERE member_id = ${memberId} AND status <> 'SUCCESS' AND ${within(at)}`,
      sql`SELECT t.id::text, 'deposit', 'OPERATOR', 'WALLET', 'SUCCESS', t.amount, t.created_at, NULL, NULL, NULL, money_reference('C', t.id)
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
      WHERE a.code = ${wallet} AND t.kind = 'adjustment' AND ${within(sql.ref('t.created_at'))}`,
    ],
    bonus: [
      // Rewards (issue 12): bonuses, promotion codes, invite rewards, refunds.
      sql`SELECT id::text, 'bonus', upper(kind), 'WALLET', 'SUCCESS', amount, created_at, NULL, kind, coalesce(offer_code, upper(kind)), NULL
      FROM reward_claims WHERE member_id = ${memberId} AND ${within(at)}`,
      // A condition the member (or an operator) ended, with what ending it took back.
      sql`SELECT id::text, 'finish_bonus', 'WALLET', upper(kind), 'SUCCESS', cleared_amount, closed_at, end_reason, kind, source, NULL
      FROM member_conditions WHERE member_id = ${memberId} AND status = 'ended' AND ${within(sql.ref('closed_at'))}`,
    ],
  };
  const chosen = query.type === 'all' ? [...branches.transfer, ...branches.withdraw, ...branches.deposit, ...branches.bonus] : branches[query.type];
  // The columns are named here: a filter may leave out the branch that named them.
  return sql`(${sql.join(chosen, sql` UNION ALL `)}) m (id, statement_type, from_code, to_code, status, amount, created_at, reason, related_kind, related_code, reference)`;
}

export async function statementPage(db: Db, memberId: bigint, query: StatementQuery, page: number, limit: number): Promise<{ total: number; rows: StatementRow[] }> {
  const [rows, total] = await Promise.all([
    sql<StatementRow>`SELECT * FROM ${movements(memberId, query)} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`.execute(db),
    sql<{ count: string }>`SELECT count(*) AS count FROM ${movements(memberId, query)}`.execute(db),
  ]);
  return { total: Number(total.rows[0]?.count ?? 0), rows: rows.rows };
}

/** The names of offers, for the related items of bonus entries. */
export function offerNames(db: Db, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('offers').select(['code', 'name']).where('code', 'in', codes).execute();
}

export interface ReferencedRow {
  kind: 'deposit' | 'deposit_notice' | 'withdrawal' | 'correction';
  id: string;
  member_id: bigint;
  phone: string;
  member_name: string;
  currency: string;
  amount: bigint;
  status: 'in_progress' | 'SUCCESS' | 'FAILED';
  created_at: Date;
  from_code: string;
  to_code: string;
  reason: string | null;
}

/** A deposit (or the notice it came from, while it waits or was refused) by its reference; each side reads a unique index. */
export async function depositByReference(db: Db, reference: string): Promise<ReferencedRow | undefined> {
  const result = await sql<ReferencedRow>`
    SELECT 'deposit' AS kind, d.id::text AS id, d.member_id, m.phone, m.name AS member_name, m.currency, d.amount, 'SUCCESS' AS status, d.created_at,
           d.method AS from_code, 'WALLET' AS to_code, NULL AS reason
    FROM deposits d JOIN members m ON m.id = d.member_id WHERE d.reference = ${reference}
    UNION ALL
    SELECT 'deposit_notice', n.id::text, n.member_id, m.phone, m.name, m.currency, n.amount, n.status, n.created_at, 'MANUAL', 'WALLET', n.reason
    FROM manual_deposit_notices n JOIN members m ON m.id = n.member_id WHERE n.reference = ${reference} AND n.status <> 'SUCCESS'
    LIMIT 1`.execute(db);
  return result.rows[0];
}

export async function withdrawalByReference(db: Db, reference: string): Promise<ReferencedRow | undefined> {
  const result = await sql<ReferencedRow>`
    SELECT 'withdrawal' AS kind, w.id::text AS id, w.member_id, m.phone, m.name AS member_name, w.currency, w.amount, w.status, w.created_at,
           'WALLET' AS from_code, w.bank_code AS to_code, w.reason
    FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE w.reference = ${reference}`.execute(db);
  return result.rows[0];
}

/** An operator's correction of a member's wallet: the ledger adjustment whose id the reference encodes. */
export async function correctionByTransferId(db: Db, transferId: bigint): Promise<(ReferencedRow & { direction: 'credit' | 'debit' }) | undefined> {
  const result = await sql<ReferencedRow & { direction: 'credit' | 'debit' }>`
    SELECT 'correction' AS kind, t.id::text AS id, m.id AS member_id, m.phone, m.name AS member_name, m.currency, t.amount, 'SUCCESS' AS status, t.created_at,
           CASE WHEN w.credited THEN 'OPERATOR' ELSE 'WALLET' END AS from_code,
           CASE WHEN w.credited THEN 'WALLET' ELSE 'OPERATOR' END AS to_code,
           NULL AS reason, CASE WHEN w.credited THEN 'credit' ELSE 'debit' END AS direction
    FROM ledger_transfers t
    JOIN ledger_accounts c ON c.id = t.credit_account_id
    JOIN ledger_accounts d ON d.id = t.debit_account_id
    CROSS JOIN LATERAL (SELECT c.code LIKE 'wallet:%' AS credited) w
    JOIN members m ON m.id = CASE WHEN w.credited THEN c.member_id ELSE d.member_id END
    WHERE t.id = ${transferId} AND t.kind = 'adjustment' AND (c.code LIKE 'wallet:%' OR d.code LIKE 'wallet:%')`.execute(db);
  return result.rows[0];
}
