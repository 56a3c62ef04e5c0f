import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type Minor, minor } from '@wallet/contract';
import type { AccountRef } from './accounts.js';

export interface EnsuredAccount {
  id: bigint;
  /**
   * Committed before this transaction began, so the id stays valid whatever becomes of it (an
   * account created in this transaction vanishes if it rolls back: its created_at is now()).
   */
  settled: boolean;
}

/** Finds the accounts, creating those used for the first time (a member's in `walletCurrency` of them). */
export async function ensureAccounts(trx: Db, refs: AccountRef[], walletCurrency: (memberId: bigint) => Promise<string>): Promise<Map<string, EnsuredAccount>> {
  const codes = refs.map((ref) => ref.code);
  const found = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'code', sql<boolean>`created_at < now()`.as('settled')])
    .where('code', 'in', codes)
    .execute();
  const accounts = new Map(found.map((row) => [row.code, { id: row.id, settled: row.settled }]));
  if (found.length < refs.length) {
    // First use of an account: create it. A concurrent creator wins harmlessly: its row is read again.
    const known = new Set(found.map((row) => row.code));
    const values = [];
    for (const ref of refs.filter((each) => !known.has(each.code))) {
      const currency = ref.memberId === undefined || ref.currency === 'COIN' ? (ref.currency ?? 'THB') : await walletCurrency(ref.memberId);
      values.push({ code: ref.code, kind: ref.kind, member_id: ref.memberId ?? null, provider_code: ref.providerCode ?? null, currency });
    }
    const created = await trx
      .insertInto('ledger_accounts')
      .values(values)
      .onConflict((oc) => oc.column('code').doNothing())
      .returning(['id', 'code'])
      .execute();
    for (const row of created) accounts.set(row.code, { id: row.id, settled: false });
    if (accounts.size < refs.length) return ensureAccounts(trx, refs, walletCurrency);
  }
  return accounts;
}

export function accountsByCode(trx: Db, codes: string[]) {
  return trx.selectFrom('ledger_accounts').select(['code', 'kind', 'member_id', 'provider_code', 'currency']).where('code', 'in', codes).execute();
}

/** What `ledger_post` did: posted, replayed an earlier transfer with this key, or refused for want of money. */
export interface Posting {
  outcome: 'posted' | 'replayed' | 'insufficient';
  transfer_id: bigint | null;
  hold_id: bigint | null;
  amount: bigint;
  debit_account_id: bigint;
  credit_account_id: bigint;
}

/**
 * One transfer in one round trip (migration 040): replay by key, locks in ascending id order (so two
 * transfers over the same accounts never deadlock), the balance check, the transfer, both balances
 * and, with `holdToId`, a hold: the transfer names where the amount goes once the hold is posted (migration 049).
 */
export async function post(
  trx: Db,
  transfer: { key: string; debitId: bigint; creditId: bigint; amount: bigint; kind: string; reference: string | null; reverses?: bigint; holdToId?: bigint; requestId: string | null },
): Promise<Posting> {
  const { rows } = await sql<Posting>`SELECT * FROM ledger_post(${transfer.key}, ${transfer.debitId}, ${transfer.creditId}, ${transfer.amount}, ${transfer.kind},
    ${transfer.reference}, ${transfer.reverses ?? null}::bigint, ${transfer.holdToId ?? null}::bigint, NULL::bigint, ${transfer.requestId}::text)`.execute(trx);
  return rows[0]!;
}

/** Resolves a hold once, in one round trip (migrations 040, 049). */
export async function resolve(trx: Db, request: { holdId: bigint; key: string; status: 'posted' | 'voided'; kind: string; reference: string | null; requestId: string | null }) {
  const { rows } = await sql<{ outcome: 'posted' | 'replayed' | 'conflict' | 'missing' | 'insufficient'; transfer_id: bigint | null }>`
    SELECT * FROM ledger_resolve(${request.holdId}, ${request.key}, ${request.status}, ${request.kind}, ${request.reference}, ${request.requestId}::text)`.execute(trx);
  return rows[0]!;
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

/** An account's balance: its row's, plus its slices for an operator account (migration 043). */
const balance = sql<string>`ledger_balance(id, kind, balance)`;

/** Balances in minor units of each account's currency. */
export async function balancesOf(db: Db, codes: string[]): Promise<Map<string, Minor>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('ledger_accounts').select(['code', balance.as('balance')]).where('code', 'in', codes).execute();
  return new Map(rows.map((row) => [row.code, minor(BigInt(row.balance))]));
}

/** Locks the member's wallet row, without moving anything. */
export async function lockWallet(trx: Db, memberId: bigint): Promise<void> {
  await trx.selectFrom('ledger_accounts').select('id').where('member_id', '=', memberId).where('kind', '=', 'member_wallet').forUpdate().execute();
}

/**
 * The member's game results, ever: the cumulative net loss (what game results took from their game
 * accounts less what they paid in: money moved in and out and the balances cancel out; the results
 * are what is left), and whether any result was booked at all.
 */
export async function gameResultTotals(db: Db, memberId: bigint): Promise<{ netLoss: bigint; played: boolean }> {
  // Each side from its own index (debit, credit) over the member's game accounts: the cost follows
  // the member's transfers, never the whole ledger.
  const result = await sql<{ loss: string; played: boolean }>`
    WITH games AS (SELECT id FROM ledger_accounts WHERE member_id = ${memberId} AND kind = 'member_game'),
    lost AS (SELECT coalesce(sum(t.amount), 0) AS total, count(*) AS results FROM ledger_transfers t WHERE t.debit_account_id IN (SELECT id FROM games) AND t.kind = 'game_result'),
    won AS (SELECT coalesce(sum(t.amount), 0) AS total, count(*) AS results FROM ledger_transfers t WHERE t.credit_account_id IN (SELECT id FROM games) AND t.kind = 'game_result')
    SELECT (lost.total - won.total)::text AS loss, lost.results + won.results > 0 AS played FROM lost, won`.execute(db);
  const row = result.rows[0];
  return { netLoss: BigInt(row?.loss ?? 0), played: row?.played === true };
}

/**
 * What the member holds in money (wallet and game accounts, never spin coins), as a scalar subquery
 * a caller puts in its own statement: read with other owners' figures, all come from one snapshot.
 */
export function memberMoneySubquery(memberId: bigint) {
  return sql<string>`(SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE member_id = ${memberId} AND kind IN ('member_wallet', 'member_game'))`;
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
    .select(['currency', sql<string>`coalesce(sum(${balance}), 0)`.as('sum'), sql<string>`count(*)`.as('accounts')])
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
    FROM (SELECT code, id, ledger_balance(id, kind, balance) AS balance FROM ledger_accounts) a
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

/** Holds of one kind that no transfer has resolved yet: what the hold's owner must still be waiting on. */
export async function pendingHolds(db: Db, kind: string) {
  const rows = await sql<{ id: string; amount: string; currency: string }>`
    SELECT h.id::text AS id, h.amount::text AS amount, h.currency FROM ledger_transfers h
    WHERE h.kind = ${kind} AND h.hold_to_account_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.resolves_hold_id = h.id)`.execute(db);
  return rows.rows.map((row) => ({ holdId: BigInt(row.id), amount: BigInt(row.amount), currency: row.currency }));
}

/**
 * What members hold, per currency: their wallets, their game accounts, and what is on its way out of
 * them in a pending hold (a withdrawal not yet paid, a transfer to or from a game not yet settled).
 */
export async function playerFunds(db: Db) {
  const rows = await sql<{ currency: string; wallets: string; games: string; pending: string }>`
    SELECT a.currency,
      coalesce(sum(a.balance) FILTER (WHERE a.kind = 'member_wallet'), 0)::text AS wallets,
      coalesce(sum(a.balance) FILTER (WHERE a.kind = 'member_game'), 0)::text AS games,
      coalesce((SELECT sum(h.amount) FROM ledger_transfers h JOIN ledger_accounts f ON f.id = h.debit_account_id
        WHERE h.hold_to_account_id IS NOT NULL AND f.kind IN ('member_wallet', 'member_game') AND h.currency = a.currency
          AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.resolves_hold_id = h.id)), 0)::text AS pending
    FROM ledger_accounts a WHERE a.kind IN ('member_wallet', 'member_game')
    GROUP BY a.currency ORDER BY a.currency`.execute(db);
  return rows.rows.map((row) => ({ currency: row.currency, wallets: BigInt(row.wallets), games: BigInt(row.games), pending: BigInt(row.pending) }));
}

/**
 * The transfers into and out of some accounts, newest first: each line signed from those accounts'
 * side. The accounts' ids first, so both sides are found from their indexes (debit, credit): the
 * cost follows these accounts' transfers, never the whole ledger.
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
      .select(['t.id', 't.created_at', 't.kind', 't.reference', 't.amount', 't.request_id', 'debit.code as debit_code', 'credit.code as credit_code'])
      .orderBy('t.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}
