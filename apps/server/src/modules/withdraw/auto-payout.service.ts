import type { DecisionHandlers } from './withdrawal-decisions.js';
import { type AutoPayoutReason, type AutoPayoutState, type CurrencyCode, minorOf, toMajor } from '@wallet/contract';
import { Counter, Gauge, Histogram } from 'prom-client';
import { type BankTransfer, BankTransferError, type TransferStatus } from '../../adapters/bank-transfer.js';
import type { Db } from '../../db/database.js';
import { type Metrics, WAIT_BUCKETS, sharedRead } from '../../metrics.js';
import type { Members } from '../account/members.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { LookupService } from '../lookup/lookup.service.js';
import type { ProtectionService } from '../protection/protection.service.js';
import { type SettingsService, moneyRules } from '../settings/settings.service.js';
import * as repo from './auto-payout.repository.js';
import { autoPayoutReasons } from './auto-payout.rules.js';
import * as withdrawals from './withdraw.repository.js';

/** Who decided a withdrawal the bank paid or refused by itself (withdrawals.decided_by). */
export const AUTO_PAYOUT = 'auto-payout';
/** A withdrawal not looked at this long after its request was left by a crash: the sweep looks. */
const UNCHECKED_AFTER_SECONDS = 10;
/** What the member reads when the bank refuses a payout for good (web locales `errors.*`). */
const MEMBER_REASON: Record<string, string> = { ACCOUNT_CLOSED: 'PAYOUT_ACCOUNT_CLOSED' };

type Settled = { status: 'paid'; bankRef: string } | { status: 'failed'; failure: string };

/**
 * Withdrawals paid by the bank's fund-transfer API without an operator when every check allows
 * (ADR 0403). The payout is written, with its reference, before the bank is called; the bank pays
 * once per reference; whatever the bank answers or fails to answer, the sweep asks it by that
 * reference until it says paid or refused, and settles the withdrawal once.
 */
export function createAutoPayout(deps: {
  db: Db;
  ledger: Pick<Ledger, 'postHold' | 'voidHold'>;
  settings: Pick<SettingsService, 'site' | 'autoPayoutPause' | 'setAutoPayoutPause'>;
  members: Pick<Members, 'find'>;
  protection: Pick<ProtectionService, 'restriction'>;
  bank: BankTransfer;
  banks: Pick<LookupService, 'slipBank'>;
  /** The operator's account the bank pays from, per currency; none: auto-payout off in that currency. */
  payoutAccounts: Record<CurrencyCode, string | null>;
  /** How long a call to the bank keeps a payout from other nodes' sweeps: longer than the call's time-out. */
  callLeaseSeconds: number;
  /** Told, in the decision's transaction, of each withdrawal the bank's answer paid or refused. */
  decisions: Pick<DecisionHandlers, 'decided'>;
  auditTrail: AuditTrail;
  metrics: Metrics;
  log: { error(object: object, message: string): void };
}) {
  const { db } = deps;
  const outcomes = new Counter({
    name: 'wallet_auto_payouts_total',
    help: 'Withdrawals auto-payout looked at, by outcome: paid, refused by the bank, or left to operators.',
    labelNames: ['outcome'],
    registers: [deps.metrics],
  });
  const requestToPaid = new Histogram({
    name: 'wallet_auto_payout_request_to_paid_seconds',
    help: 'From a withdrawal’s request to the bank’s answer that paid it, for those the bank paid by itself.',
    buckets: WAIT_BUCKETS,
    registers: [deps.metrics],
  });
  const readFigures = sharedRead(() => repo.figures(db, 30));
  new Gauge({
    name: 'wallet_withdrawals_auto_paid_ratio',
    help: 'Of the last 30 days’ withdrawals, the share the bank paid by itself; absent while there were none.',
    registers: [deps.metrics],
    async collect() {
      this.reset();
      const figures = await readFigures();
      if (figures.withdrawals > 0) this.set(figures.autoPaid / figures.withdrawals);
    },
  });

  /**
   * Looks at a withdrawal once: leaves it to operators with the reasons, or writes its payout (the
   * day's budget taken) and sends it. Safe to call twice or on several nodes: the first one decides.
   */
  async function consider(withdrawalId: string): Promise<void> {
    const site = await deps.settings.site();
    const payeeBank = await interbankCodeOf(withdrawalId);
    const payout = await db.transaction().execute(async (trx) => {
      const row = await withdrawals.lockWithdrawal(trx, withdrawalId);
      if (!row || row.status !== 'in_progress' || row.auto_checked_at !== null) return null;
      const [member, restriction, pause] = await Promise.all([deps.members.find(trx, row.member_id), deps.protection.restriction(trx, row.member_id), deps.settings.autoPayoutPause(trx)]);
      const rules = moneyRules(site, row.currency);
      const payoutAccount = deps.payoutAccounts[row.currency];
      const reasons = autoPayoutReasons({
        amount: row.amount,
        max: minorOf(rules.autoPayoutMax),
        paused: pause.paused,
        payoutAccount,
        toRegisteredAccount: !!member && member.bank_code === row.bank_code && member.bank_account_no === row.bank_account_no && member.bank_account_name === row.bank_account_name,
        payeeBankKnown: payeeBank !== null,
        heldForReview: row.held_for_review,
        restricted: restriction !== null,
        needsOperators: row.first_approved_by !== null || (rules.withdrawSecondApprovalAbove > 0 && row.amount > minorOf(rules.withdrawSecondApprovalAbove)),
      });
      if (reasons.length === 0 && !(await repo.takeBudget(trx, row.currency, row.amount, minorOf(rules.autoPayoutDailyBudget)))) reasons.push('budget_spent');
      await repo.markChecked(trx, withdrawalId, reasons);
      if (reasons.length > 0) return null;
      return repo.insertPayout(trx, { withdrawalId, reference: row.reference, fromAccountNo: payoutAccount!, amount: row.amount, currency: row.currency });
    });
    if (!payout) {
      outcomes.inc({ outcome: 'operators' });
      return;
    }
    await send(payout);
  }

  /** The interbank code of the bank a withdrawal pays into (Lao banks have none), or null. */
  async function interbankCodeOf(withdrawalId: string): Promise<string | null> {
    const payee = await repo.payeeOf(db, withdrawalId);
    return (await deps.banks.slipBank(payee.bank_code))?.slip_code ?? null;
  }

  /** Asks the bank to pay (again, under the same reference: it pays once) and acts on its answer. */
  async function send(payout: repo.PayoutRow): Promise<void> {
    const payee = await repo.payeeOf(db, payout.withdrawal_id);
    const toBankCode = await interbankCodeOf(payout.withdrawal_id);
    // Only a bank with a code is given to the bank (consider); one that lost it since cannot be paid by transfer.
    if (toBankCode === null) return settle(payout.withdrawal_id, { status: 'failed', failure: 'BANK_UNSUPPORTED' });
    await repo.recordAttempt(db, payout.withdrawal_id, deps.callLeaseSeconds);
    await answered(payout, () =>
      deps.bank.transfer({
        reference: payout.reference,
        fromAccountNo: payout.from_account_no,
        // The member's registered account itself, never a PromptPay ID: an ID may be tied to another account (closed loop).
        to: { bankCode: toBankCode, accountNo: payee.bank_account_no },
        toName: payee.bank_account_name,
        amount: payout.amount,
        currency: payout.currency,
      }),
    );
  }

  /** Acts on what the bank says; no answer (or one that says nothing for good) leaves the payout to the sweep. */
  async function answered(payout: repo.PayoutRow, ask: () => Promise<TransferStatus>): Promise<TransferStatus | null> {
    let answer: TransferStatus;
    try {
      answer = await ask();
    } catch (error) {
      if (!(error instanceof BankTransferError)) throw error;
      // Back-off by attempts, within what the bank asked for (its maintenance window).
      await repo.tryAgainIn(db, payout.withdrawal_id, error.retryAfterSeconds ?? Math.min(30 * 2 ** Math.min(payout.attempts, 5), 900), false);
      return null;
    }
    if (answer.status === 'SUCCESS') await settle(payout.withdrawal_id, { status: 'paid', bankRef: answer.bankRef });
    else if (answer.status === 'FAILED') await settle(payout.withdrawal_id, { status: 'failed', failure: answer.failure });
    else if (answer.status === 'PENDING') await repo.tryAgainIn(db, payout.withdrawal_id, 30, true);
    return answer;
  }

  /** The bank's answer for good, once: paid posts the hold; refused returns the money to the wallet with the reason. */
  async function settle(withdrawalId: string, outcome: Settled): Promise<void> {
    const settled = await db.transaction().execute(async (trx) => {
      // The module's lock order: the withdrawal, then its payout.
      const row = await withdrawals.lockWithdrawal(trx, withdrawalId);
      const payout = await repo.lockPayout(trx, withdrawalId);
      if (!row || !payout || payout.status === 'paid' || payout.status === 'failed') return null;
      // An operator cannot decide a withdrawal while its payout is open (withdraw.service.ts): this is a bug, never a second payment.
      if (row.status !== 'in_progress') throw new Error(`withdrawal ${withdrawalId} decided while its payout was open`);
      const resolution = { holdId: row.hold_id!, reference: withdrawalId };
      if (outcome.status === 'paid') {
        await deps.ledger.postHold({ ...resolution, key: `withdrawal:${withdrawalId}:paid`, kind: 'withdrawal' }, trx);
        await deps.decisions.decided(trx, await withdrawals.decide(trx, withdrawalId, { status: 'SUCCESS', reason: null, decidedBy: AUTO_PAYOUT }));
      } else {
        await deps.ledger.voidHold({ ...resolution, key: `withdrawal:${withdrawalId}:return`, kind: 'withdrawal_return' }, trx);
        await deps.decisions.decided(trx, await withdrawals.decide(trx, withdrawalId, { status: 'FAILED', reason: MEMBER_REASON[outcome.failure] ?? 'PAYOUT_REFUSED_BY_BANK', decidedBy: AUTO_PAYOUT }));
        await repo.giveBudgetBack(trx, payout);
      }
      await repo.settlePayout(trx, withdrawalId, outcome);
      return { requestedAt: row.created_at };
    });
    if (!settled) return;
    outcomes.inc({ outcome: outcome.status === 'paid' ? 'paid' : 'refused' });
    if (outcome.status === 'paid') requestToPaid.observe(Math.max(0, Date.now() - settled.requestedAt.getTime()) / 1000);
  }

  return {
    consider,

    /**
     * The reconciler's sweep: looks at withdrawals a crash left unseen, and asks the bank about every
     * payout it has not answered for good; one it never received is sent again under its reference.
     */
    async sweep() {
      // One withdrawal failing never stops the others.
      const each = async (withdrawalId: string, work: () => Promise<unknown>) =>
        work().catch((error: unknown) => deps.log.error({ err: error, withdrawalId }, 'auto-payout sweep failed on a withdrawal'));
      const unseen = await repo.unchecked(db, UNCHECKED_AFTER_SECONDS, 50);
      for (const { id } of unseen) await each(id, () => consider(id));
      const due = await repo.claimDue(db, 50, deps.callLeaseSeconds);
      for (const payout of due) {
        await each(payout.withdrawal_id, async () => {
          const answer = await answered(payout, () => deps.bank.inquire(payout.reference));
          if (answer?.status === 'NOT_FOUND') await send(payout);
        });
      }
      return { considered: unseen.length, asked: due.length };
    },

    /** What auto-payout did with each of these withdrawals, for the operator's list. */
    async ofWithdrawals(rows: ReadonlyArray<{ id: string; auto_reasons: string[] | null }>) {
      const payouts = await repo.payoutsOf(db, rows.map((row) => row.id));
      return new Map(
        rows.map((row) => {
          const payout = payouts.get(row.id);
          return [
            row.id,
            {
              // Written by autoPayoutReasons only.
              reasons: row.auto_reasons as AutoPayoutReason[] | null,
              payout: payout ? { status: payout.status, reference: payout.reference, bankRef: payout.bank_ref, failure: payout.failure, attempts: payout.attempts } : null,
            },
          ] as const;
        }),
      );
    },

    async state(): Promise<AutoPayoutState> {
      const [site, pause, spent, figures, inFlight] = await Promise.all([deps.settings.site(), deps.settings.autoPayoutPause(), repo.spentToday(db), repo.figures(db, 30), repo.openPayouts(db)]);
      const currency = (code: CurrencyCode) => {
        const rules = moneyRules(site, code);
        return { max: rules.autoPayoutMax, dailyBudget: rules.autoPayoutDailyBudget, spentToday: toMajor(spent.get(code) ?? 0n), payoutAccount: deps.payoutAccounts[code] };
      };
      return {
        paused: pause.paused,
        pausedBy: pause.by,
        pausedAt: pause.at ? new Date(pause.at).getTime() : null,
        pauseReason: pause.reason,
        THB: currency('THB'),
        LAK: currency('LAK'),
        figures: {
          days: 30,
          withdrawals: figures.withdrawals,
          autoPaid: figures.autoPaid,
          shareAutoPaid: figures.withdrawals === 0 ? null : figures.autoPaid / figures.withdrawals,
          medianSecondsToPaid: figures.medianAuto,
          p95SecondsToPaid: figures.p95Auto,
          medianSecondsToPaidByOperators: figures.medianOperators,
        },
        inFlight: inFlight.open,
      };
    },

    /** One operator's switch, at once and audited: paused, no withdrawal is given to the bank; payouts already sent are still settled. */
    async setPaused(paused: boolean, reason: string, operator: AuditActor): Promise<AutoPayoutState> {
      await db.transaction().execute(async (trx) => {
        const before = await deps.settings.autoPayoutPause(trx);
        await deps.settings.setAutoPayoutPause({ paused, by: operator.username, at: new Date().toISOString(), reason }, trx);
        await deps.auditTrail.record(trx, operator, paused ? 'auto_payout.pause' : 'auto_payout.resume', { reason, before: before.paused, after: paused });
      });
      return this.state();
    },
  };
}
export type AutoPayout = ReturnType<typeof createAutoPayout>;
