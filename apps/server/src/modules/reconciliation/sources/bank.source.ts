import { CURRENCY_CODES, type CurrencyCode } from '@wallet/contract';
import type { BankStatement } from '../../../adapters/bank-statement.js';
import type { Db } from '../../../db/database.js';
import type { Entry } from '../matcher.js';
import { type GamingDay, type ReconciliationSource, withWindow } from '../source.js';
import * as repo from './bank.repository.js';

/**
 * The operator's bank account statements against our books (ADR 0358): every enabled account
 * members pay into, its credits against the slip, statement and manual deposits we credited (kind
 * `deposit`) and its debits against the withdrawals we marked paid (kind `payout`). The statement
 * carries none of our references, so the rule matches on amount, the counterparty's account and
 * time, and a batch line against a run of ours.
 */
export function createBankSource(deps: {
  db: Db;
  statement: Pick<BankStatement, 'statement'>;
  /** The site's zone; the statement is asked for by instants, so the day's bounds already carry it. */
  timeZone?: string;
  /** The currencies of the accounts reconciled; both unless said. */
  currencies?: readonly CurrencyCode[];
}): ReconciliationSource {
  const currencies = deps.currencies ?? CURRENCY_CODES;
  return {
    name: 'bank',
    async gather(day: GamingDay, rule) {
      const window = withWindow(day, rule);
      const theirs: Entry[] = [];
      for (const account of await repo.enabledAccounts(deps.db, currencies)) {
        for (const line of await deps.statement.statement(account.account_no, window.from, window.to)) {
          theirs.push({
            ref: line.bankRef,
            matchRef: null,
            kind: line.direction === 'credit' ? 'deposit' : 'payout',
            currency: line.currency,
            amount: line.amount,
            at: line.at,
            counterparty: line.counterparty.account,
            ...(line.batch ? { batch: line.batch } : {}),
            outsideDay: window.outsideDay(line.at),
            detail: { accountNo: account.account_no, bank: line.counterparty.bank, name: line.counterparty.name, description: line.description },
          });
        }
      }

      const [slips, fromStatement, notices, withdrawals] = await Promise.all([
        repo.creditedSlipDeposits(deps.db, window.from, window.to, currencies),
        repo.creditedStatementDeposits(deps.db, window.from, window.to, currencies),
        repo.creditedManualDeposits(deps.db, window.from, window.to, currencies),
        repo.paidWithdrawals(deps.db, window.from, window.to, currencies),
      ]);
      const deposit = (method: 'SLIP' | 'STATEMENT' | 'MANUAL') => (row: (typeof slips)[number]): Entry => ({
        ref: row.id,
        matchRef: null,
        kind: 'deposit',
        currency: row.currency,
        amount: row.amount,
        at: row.at,
        counterparty: row.bank_account_no,
        memberId: row.member_id,
        outsideDay: window.outsideDay(row.at),
        detail: { method, reference: row.reference, bank: row.bank_code },
      });
      const ours: Entry[] = [
        ...slips.map(deposit('SLIP')),
        ...fromStatement.map(deposit('STATEMENT')),
        ...notices.map(deposit('MANUAL')),
        ...withdrawals.map(
          (row): Entry => ({
            ref: row.id,
            matchRef: null,
            kind: 'payout',
            currency: row.currency,
            amount: row.amount,
            at: row.decided_at!,
            counterparty: row.bank_account_no,
            memberId: row.member_id,
            outsideDay: window.outsideDay(row.decided_at!),
            detail: { method: 'WITHDRAWAL', reference: row.reference, bank: row.bank_code },
          }),
        ),
      ];
      return { ours, theirs };
    },
  };
}
