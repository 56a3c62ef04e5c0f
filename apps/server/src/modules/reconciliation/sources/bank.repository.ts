import { sql } from 'kysely';
import type { CurrencyCode } from '@wallet/contract';
import type { Db } from '../../../db/database.js';

/** A member's wallet currency as the ledger holds it (the Laos build's BAHT wallets are baht). */
const walletCurrency = sql<CurrencyCode>`CASE m.currency WHEN 'LAK' THEN 'LAK' ELSE 'THB' END`;

/** The operator's enabled accounts members pay into, in these currencies. */
export function enabledAccounts(db: Db, currencies: readonly CurrencyCode[]) {
  return db
    .selectFrom('deposit_accounts')
    .select(['account_no', 'bank_code', sql<CurrencyCode>`currency`.as('currency')])
    .where('enabled', '=', true)
    .where('currency', 'in', [...currencies])
    .orderBy('sort_order')
    .execute();
}

/**
 * Credited slip deposits whose transfer (the slip's time, else the credit's) falls between two
 * instants, with the member's registered account the money came from. A credit never precedes its
 * transfer, so only deposits credited since `from` are read.
 */
export function creditedSlipDeposits(db: Db, from: Date, to: Date, currencies: readonly CurrencyCode[]) {
  const transferredAt = sql<Date>`coalesce(s.transferred_at, d.created_at)`;
  return db
    .selectFrom('deposits as d')
    .innerJoin('slips as s', (join) =>
      join.on(sql<string>`CASE WHEN s.trans_ref IS NOT NULL THEN 'slip:' || s.sending_bank || ':' || s.trans_ref ELSE 'slip:' || s.id::text END`, '=', sql.ref('d.external_ref')),
    )
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .select(['d.id', 'd.member_id', 'd.amount', 'd.reference', 'm.bank_code', 'm.bank_account_no', transferredAt.as('at'), walletCurrency.as('currency')])
    .where('d.method', '=', 'SLIP')
    .where('s.status', '=', 'SUCCESS')
    .where('d.created_at', '>=', from)
    .where(transferredAt, '>=', from)
    .where(transferredAt, '<', to)
    .where(walletCurrency, 'in', [...currencies])
    .execute();
}

/**
 * Deposits credited from a statement line, by the bank feed itself or by operators assigning it
 * (a bank transfer into an AUTO account, a QR of our own paid into its account), whose transfer (the
 * line's time) falls between two instants. A line a slip credited is among the slip deposits.
 */
export function creditedStatementDeposits(db: Db, from: Date, to: Date, currencies: readonly CurrencyCode[]) {
  return db
    .selectFrom('bank_credits as b')
    .innerJoin('deposits as d', 'd.id', 'b.deposit_id')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .select(['d.id', 'd.member_id', 'd.amount', 'd.reference', 'm.bank_code', 'm.bank_account_no', 'b.booked_at as at', walletCurrency.as('currency')])
    .where('b.status', 'in', ['credited', 'assigned'])
    .where('b.booked_at', '>=', from)
    .where('b.booked_at', '<', to)
    .where(walletCurrency, 'in', [...currencies])
    .execute();
}

/** Approved manual deposit notices (each a transfer the member told us of) made between two instants. */
export function creditedManualDeposits(db: Db, from: Date, to: Date, currencies: readonly CurrencyCode[]) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('manual_deposit_notices as n', (join) => join.on(sql<string>`'manual:' || n.id::text`, '=', sql.ref('d.external_ref')))
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .select(['d.id', 'd.member_id', 'd.amount', 'd.reference', 'm.bank_code', 'm.bank_account_no', 'n.created_at as at', walletCurrency.as('currency')])
    .where('d.method', '=', 'MANUAL')
    .where('n.status', '=', 'SUCCESS')
    .where('n.created_at', '>=', from)
    .where('n.created_at', '<', to)
    .where(walletCurrency, 'in', [...currencies])
    .execute();
}

/** Withdrawals marked paid between two instants, with the account they were paid to. */
export function paidWithdrawals(db: Db, from: Date, to: Date, currencies: readonly CurrencyCode[]) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'member_id', 'amount', 'currency', 'reference', 'bank_code', 'bank_account_no', 'decided_at'])
    .where('status', '=', 'SUCCESS')
    .where('decided_at', '>=', from)
    .where('decided_at', '<', to)
    .where('currency', 'in', [...currencies])
    .execute();
}
