import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type Minor, minor } from '@wallet/contract';
import type { AccountRef } from './accounts.js';

/** A member's wallet currency as the ledger holds it: the Laos build's BAHT wallets are Thai baht. */
const walletCurrency = sql<string>`CASE currency WHEN 'LAK' THEN 'LAK' ELSE 'THB' END`;

export async function walletCurrencyOf(trx: Db, memberId: bigint): Promise<string | undefined> {
  const row = await trx.selectFrom('members').select(walletCurrency.as('currency')).where('id', '=', memberId).executeTakeFirst();
  return row?.currency;
}

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
          .map((ref) => ({
            code: ref.code,
            kind: ref.kind,
            member_id: ref.memberId ?? null,
            provider_code: ref.providerCode ?? null,
            currency:
              ref.memberId === undefined || ref.currency === 'COIN'
                ? (ref.currency ?? 'THB')
                : sql<string>`(SELECT ${walletCurrency} FROM members WHERE id = ${ref.memberId})`,
          })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    return ensureAccounts(trx, refs);
  }
  return new Map(found.map((row) => [row.code, row.id]));
}

export function accountsByCode(trx: Db, codes: string[]) {
  return trx.selectFrom('ledger_accounts').select(['code', 'kind', 'member_id', 'provider_code', 'currency']).where('code', 'in', codes).execute();
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
    .select(['t.id', 't.amount', 't.kind', 't.reference', 't.created_at', 't.reverses_transfer_id', 'd.code as debit_code', 'c.code as credit_code'])
    .where('t.idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findTransferById(trx: Db, id: bigint) {
  return trx
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
    .select(['t.id', 't.amount', 't.kind', 'd.code as debit_code', 'd.kind as debit_kind', 'c.code as credit_code', 'c.kind as credit_kind', 'd.member_id as debit_member', 'c.member_id as credit_member', 'd.provider_code as debit_provider', 'c.provider_code as credit_provider', 'd.currency'])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/** The transfer that reversed this one, if any. */
export function findReversalOf(trx: Db, transferId: bigint) {
  return trx.selectFrom('ledger_transfers').select(['id', 'idempotency_key']).where('reverses_transfer_id', '=', transferId).executeTakeFirst();
}

export async function insertHold(trx: Db, hold: { fromId: bigint; viaId: bigint; toId: bigint; amount: bigint; holdTransferId: bigint }): Promise<string> {
  const row = await trx
    .insertInto('ledger_holds')
    .values({ from_account_id: hold.fromId, via_account_id: hold.viaId, to_account_id: hold.toId, amount: hold.amount, hold_transfer_id: hold.holdTransferId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function holdOfTransfer(trx: Db, holdTransferId: bigint) {
  return trx.selectFrom('ledger_holds').select('id').where('hold_transfer_id', '=', holdTransferId).executeTakeFirst();
}

/** A hold locked for resolution, with the codes of its accounts and the key of its resolution, if any. */
export function lockHold(trx: Db, holdId: string) {
  return trx
    .selectFrom('ledger_holds as h')
    .innerJoin('ledger_accounts as f', 'f.id', 'h.from_account_id')
    .innerJoin('ledger_accounts as v', 'v.id', 'h.via_account_id')
    .innerJoin('ledger_accounts as d', 'd.id', 'h.to_account_id')
    .leftJoin('ledger_transfers as r', 'r.id', 'h.resolution_transfer_id')
    .select(['h.id', 'h.amount', 'h.status', 'h.resolution_transfer_id', 'r.idempotency_key as resolution_key', 'f.code as from_code', 'v.code as via_code', 'd.code as to_code'])
    .where('h.id', '=', holdId)
    .forUpdate('h')
    .executeTakeFirst();
}

export async function resolveHold(trx: Db, holdId: string, status: 'posted' | 'voided', resolutionTransferId: bigint): Promise<void> {
  await trx
    .updateTable('ledger_holds')
    .set({ status, resolution_transfer_id: resolutionTransferId, resolved_at: sql`now()` })
    .where('id', '=', holdId)
    .where('status', '=', 'pending')
    .execute();
}

export async function insertTransfer(
  trx: Db,
  transfer: { key: string; debitId: bigint; creditId: bigint; amount: bigint; kind: string; reference: string | null; reverses?: bigint },
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
      reverses_transfer_id: transfer.reverses ?? null,
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

/** Balances in minor units of each account's currency. */
export async function balancesOf(db: Db, codes: string[]): Promise<Map<string, Minor>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('ledger_accounts').select(['code', 'balance']).where('code', 'in', codes).execute();
  return new Map(rows.map((row) => [row.code, minor(row.balance)]));
}

export function memberBalances(db: Db, memberId: bigint) {
  return db
    .selectFrom('ledger_accounts')
    .select(['code', 'kind', 'provider_code', 'balance'])
    .where('member_id', '=', memberId)
    // Money only: spin coins are an asset of their own, never part of a balance in baht.
    .where('kind', 'in', ['member_wallet', 'member_game'])
    .execute();
}

/** DESIGN §5 invariants, computed by the database over every account and transfer. */
export async function invariantReport(db: Db) {
  // Balances sum to zero in each currency apart: kip and baht are never added together.
  const perCurrency = await db
    .selectFrom('ledger_accounts')
    .select(['currency', sql<string>`coalesce(sum(balance), 0)`.as('sum'), sql<string>`count(*)`.as('accounts')])
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  const acrossCurrencies = await sql<{ count: string }>`
    SELECT count(*) AS count FROM ledger_transfers t
    JOIN ledger_accounts d ON d.id = t.debit_account_id JOIN ledger_accounts c ON c.id = t.credit_account_id
    WHERE d.currency <> c.currency OR t.currency <> d.currency`.execute(db);
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
    sumOfBalances: Object.fromEntries(perCurrency.map((row) => [row.currency, BigInt(row.sum)])) as Record<string, bigint>,
    accounts: perCurrency.reduce((total, row) => total + Number(row.accounts), 0),
    transfersAcrossCurrencies: Number(acrossCurrencies.rows[0]?.count ?? 0),
    transfers: Number(transfers.count),
    mismatches: mismatches.rows,
    negativeMemberAccounts: negative.map((row) => ({ code: row.code, balance: String(row.balance) })),
  };
}

/**
 * The transfers into and out of some accounts, newest first: each line signed from those accounts'
 * side. The accounts' ids first, so both sides are found from their indexes (debit, credit): the
 * cost follows these accounts' transfers, never the whole ledger (issue 16 §2).
 */
export async function linesOf(db: Db, accountCodes: string[], page: number, limit: number) {
  const ids = accountCodes.length === 0 ? [] : (await db.selectFrom('ledger_accounts').select('id').where('code', 'in', accountCodes).execute()).map((row) => row.id);
  if (ids.length === 0) return { total: 0, rows: [] };
  const query = db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as debit', 'debit.id', 't.debit_account_id')
    .innerJoin('ledger_accounts as credit', 'credit.id', 't.credit_account_id')
    .where((eb) => eb.or([eb('t.debit_account_id', '=', sql<bigint>`any(${ids})`), eb('t.credit_account_id', '=', sql<bigint>`any(${ids})`)]));
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
