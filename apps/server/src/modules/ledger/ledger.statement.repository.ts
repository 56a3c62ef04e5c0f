import { sql } from 'kysely';
import type { ReferencedEntry, Within } from '../statement/statement-sources.js';
import type { Db } from '../../db/database.js';
import { accounts } from './accounts.js';

/** An operator's correction taking money back from the member's wallet (an adjustment debiting it), as statement lines. */
export function correctionDebitEntries(memberId: bigint, within: Within) {
  return sql`SELECT t.id::text, 'withdraw', 'WALLET', 'OPERATOR', 'SUCCESS', t.amount, t.created_at, NULL, NULL, NULL, money_reference('C', t.id), false
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
      WHERE a.code = ${accounts.wallet(memberId).code} AND t.kind = 'adjustment' AND ${within('t.created_at')}`;
}

/** An operator's credit to the member's wallet (an adjustment crediting it), as statement lines. */
export function correctionCreditEntries(memberId: bigint, within: Within) {
  return sql`SELECT t.id::text, 'deposit', 'OPERATOR', 'WALLET', 'SUCCESS', t.amount, t.created_at, NULL, NULL, NULL, money_reference('C', t.id), false
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
      WHERE a.code = ${accounts.wallet(memberId).code} AND t.kind = 'adjustment' AND ${within('t.created_at')}`;
}

/** An operator's correction of a member's wallet: the adjustment of this id, either way. */
export async function correctionByTransferId(db: Db, transferId: bigint): Promise<ReferencedEntry | undefined> {
  const result = await sql<ReferencedEntry>`
    SELECT 'correction' AS kind, t.id::text AS id, CASE WHEN w.credited THEN c.member_id ELSE d.member_id END AS member_id, NULL AS currency,
           t.amount, 'SUCCESS' AS status, t.created_at,
           CASE WHEN w.credited THEN 'OPERATOR' ELSE 'WALLET' END AS from_code,
           CASE WHEN w.credited THEN 'WALLET' ELSE 'OPERATOR' END AS to_code,
           NULL AS reason
    FROM ledger_transfers t
    JOIN ledger_accounts c ON c.id = t.credit_account_id
    JOIN ledger_accounts d ON d.id = t.debit_account_id
    CROSS JOIN LATERAL (SELECT c.code LIKE 'wallet:%' AS credited) w
    WHERE t.id = ${transferId} AND t.kind = 'adjustment' AND (c.code LIKE 'wallet:%' OR d.code LIKE 'wallet:%')`.execute(db);
  return result.rows[0];
}
