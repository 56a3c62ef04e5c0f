import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AccountRef } from './accounts.js';

export async function ensureAccounts(trx: Db, refs: AccountRef[]): Promise<Map<string, bigint>> {
  const codes = refs.map((ref) => ref.code);
  const found = await trx.selectFrom('ledger_accounts').select(['id', 'code']).where('code', 'in', codes).execute();
  if (found.length < refs.length) {
    // First use of an account: create it (a concurrent creator wins harmlessly), then read again.
    const known = new Set(found.map((row) => row.code));
    await trx
      .insertInto('ledger_accounts')
      .values(
        refs
          .filter((ref) => !known.has(ref.code))
          .map((ref) => ({ code: ref.code, kind: ref.kind, member_id: ref.memberId ?? null, provider_code: ref.providerCode ?? null })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    return ensureAccounts(trx, refs);
  }
  return new Map(found.map((row) => [row.code, row.id]));
}

/** Locks in ascending id order, so two transfers over the same accounts never deadlock. */
export function lockAccounts(trx: Db, ids: bigint[]) {
  return trx
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function findTransferByKey(trx: Db, key: string) {
  return trx
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
    .select(['t.id', 't.amount', 't.kind', 't.reference', 't.created_at', 'd.code as debit_code', 'c.code as credit_code'])
    .where('t.idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function insertTransfer(
  trx: Db,
  transfer: { key: string; debitId: bigint; creditId: bigint; amount: bigint; kind: string; reference: string | null },
): Promise<bigint | undefined> {
  const row = await trx
    .insertInto('ledger_transfers')
    .values({
      idempotency_key: transfer.key,
      debit_account_id: transfer.debitId,
      credit_account_id: transfer.creditId,
      amount: transfer.amount,
      kind: transfer.kind,
      reference: transfer.reference,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function moveBalance(trx: Db, debitId: bigint, creditId: bigint, amount: bigint): Promise<void> {
  await trx
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + CASE WHEN id = ${creditId} THEN ${amount}::bigint ELSE -${amount}::bigint END` })
    .where('id', 'in', [debitId, creditId])
    .execute();
}

export async function balancesOf(db: Db, codes: string[]): Promise<Map<string, bigint>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('ledger_accounts').select(['code', 'balance']).where('code', 'in', codes).execute();
  return new Map(rows.map((row) => [row.code, row.balance]));
}

export function memberBalances(db: Db, memberId: bigint) {
  return db
    .selectFrom('ledger_accounts')
    .select(['code', 'kind', 'provider_code', 'balance'])
    .where('member_id', '=', memberId)
    .execute();
}

/** DESIGN §5 invariants, computed by the database over every account and transfer. */
export async function invariantReport(db: Db) {
  const totals = await db
    .selectFrom('ledger_accounts')
    .select([sql<string>`coalesce(sum(balance), 0)`.as('sum'), sql<string>`count(*)`.as('accounts')])
    .executeTakeFirstOrThrow();
  const transfers = await db.selectFrom('ledger_transfers').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
  const mismatches = await sql<{ code: string; balance: string; computed: string }>`
    SELECT a.code, a.balance::text AS balance, (coalesce(c.total, 0) - coalesce(d.total, 0))::text AS computed
    FROM ledger_accounts a
    LEFT JOIN (SELECT credit_account_id AS id, sum(amount) AS total FROM ledger_transfers GROUP BY 1) c ON c.id = a.id
    LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS total FROM ledger_transfers GROUP BY 1) d ON d.id = a.id
    WHERE a.balance <> coalesce(c.total, 0) - coalesce(d.total, 0)
    LIMIT 100`.execute(db);
  const negative = await db
    .selectFrom('ledger_accounts')
    .select(['code', 'balance'])
    .where('kind', '!=', 'operator')
    .where('balance', '<', 0n)
    .limit(100)
    .execute();
  return {
    sumOfBalances: BigInt(totals.sum),
    accounts: Number(totals.accounts),
    transfers: Number(transfers.count),
    mismatches: mismatches.rows,
    negativeMemberAccounts: negative.map((row) => ({ code: row.code, balance: String(row.balance) })),
  };
}

/** The transfers into and out of some accounts, newest first: each line signed from those accounts' side. */
export async function linesOf(db: Db, accountCodes: string[], page: number, limit: number) {
  const query = db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as debit', 'debit.id', 't.debit_account_id')
    .innerJoin('ledger_accounts as credit', 'credit.id', 't.credit_account_id')
    .where((eb) => eb.or([eb('debit.code', 'in', accountCodes), eb('credit.code', 'in', accountCodes)]));
  const [rows, total] = await Promise.all([
    query
      .select(['t.id', 't.created_at', 't.kind', 't.reference', 't.amount', 'debit.code as debit_code', 'credit.code as credit_code'])
      .orderBy('t.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}
