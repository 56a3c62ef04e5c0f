import type { DecisionHandlers } from './withdrawal-decisions.js';
import crypto from 'node:crypto';
import { type CurrencyCode, type Minor, type Withdrawal, WALLET_CODE, isPayableIn, minorOf, toMajor, walletCurrencyOf } from '@wallet/contract';
import { type Db, isUniqueViolation } from '../../db/database.js';
import { badRequest, businessRule, conflict, forbidden, notFound } from '../../errors.js';
import type { Members } from '../account/members.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import { decideOnce } from '../../db/decide-once.js';
import { type ConditionRow, type ConditionService, meetsSuccessTarget } from '../conditions/conditions.service.js';
import type { MemberContext } from '../../http/context.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { type SettingsService, moneyRules } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { RiskBlocked, type RiskService } from '../risk/risk.service.js';
import * as repo from './withdraw.repository.js';
import { findPayout } from './auto-payout.repository.js';
import type { AutoPayout } from './auto-payout.service.js';
import { needsSecondApproval } from './withdraw.rules.js';

type Row = Awaited<ReturnType<typeof repo.insertWithdrawal>>;

export function toWithdrawal(row: Row): Withdrawal {
  return {
    _id: row.id,
    amount: toMajor(row.amount),
    currency: row.currency,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    bankCode: row.bank_code,
    bankAccountNo: row.bank_account_no,
    bankAccountName: row.bank_account_name,
    reason: row.reason,
    checking: row.held_for_review && row.status === 'in_progress',
  };
}

/**
 * DESIGN §6 Withdraw: only to the registered bank account, between the operator's minimum and
 * maximum; the amount leaves the wallet for withdrawals-payable at once, and an operator marks it
 * SUCCESS (paid out) or FAILED (returned to the wallet).
 */
export function createWithdrawService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  ledger: Ledger;
  settings: Pick<SettingsService, 'site'>;
  wallet: Pick<WalletService, 'transferAll'>;
  members: Pick<Members, 'find' | 'findMany'>;
  conditions: Pick<ConditionService, 'lockActive' | 'close' | 'ownDeposits'>;
  risk: Pick<RiskService, 'decide' | 'keepBlocked'>;
  autoPayout: Pick<AutoPayout, 'consider' | 'ofWithdrawals'>;
  /** Told, in the decision's transaction, of each withdrawal an operator paid or refused. */
  decisions: Pick<DecisionHandlers, 'decided'>;
  log: { error(object: object, message: string): void };
}) {
  const { db, ledger } = deps;

  /**
   * DESIGN §6, SPEC §5: under a bonus, refund or invite condition nothing may be withdrawn until the
   * total (wallet and games) reaches the success target; reaching it completes the condition and
   * lifts the rule, so this withdrawal, whole or partial, goes ahead. Run after the
   * hold is posted, with the condition locked, so the total cannot go stale.
   */
  async function meetCondition(trx: Db, memberId: bigint, amount: bigint, condition: ConditionRow | undefined): Promise<void> {
    if (!condition) return;
    const left = await ledger.memberTotal(memberId, trx);
    // The member's own deposits made meanwhile raise the target by as much: they never count toward it.
    if (!meetsSuccessTarget(left + amount, condition, await deps.conditions.ownDeposits(trx, condition.id))) throw businessRule('BONUS_CONDITION');
    await deps.conditions.close(trx, condition.id, 'completed');
  }

  async function withdraw(context: MemberContext, amount: Minor, idempotencyKey: string | null): Promise<Withdrawal> {
    const { memberId } = context;
    if (!isPayableIn(context.currency, amount)) throw badRequest('KEY_INVALID');
    if (idempotencyKey) {
      const earlier = await repo.findByKey(db, memberId, idempotencyKey);
      if (earlier) return toWithdrawal(earlier);
    }
    const member = await deps.members.find(db, memberId);
    if (!member) throw notFound('NO_USER');
    const currency = walletCurrencyOf(member.currency);
    const limits = moneyRules(await deps.settings.site(), currency);
    if (amount < minorOf(limits.withdrawMin)) throw businessRule('WITHDRAW_MINIMUM');
    if (amount > minorOf(limits.withdrawMax)) throw businessRule('WITHDRAW_MAXIMUM');
    const id = crypto.randomUUID();
    try {
      const row = await db.transaction().execute(async (trx) => {
        // The ledger README's lock order: the member (refused once blocked), the condition, the accounts.
        await ledger.lockMember(memberId, trx, 'byMember');
        const condition = await deps.conditions.lockActive(trx, memberId);
        const decision = await deps.risk.decide(trx, { movement: 'withdrawal', memberId, amount, currency, subject: id });
        const inserted = await repo.insertWithdrawal(trx, {
          id,
          memberId,
          amount,
          currency,
          bankCode: member.bank_code,
          bankAccountNo: member.bank_account_no,
          bankAccountName: member.bank_account_name,
          idempotencyKey,
          riskDecisionId: decision.id,
          heldForReview: decision.outcome === 'review',
        });
        const { holdId } = await ledger.hold(
          { key: `withdrawal:${id}:hold`, from: accounts.wallet(memberId), via: accounts.withdrawalsPayable(), to: accounts.bankPayouts(), amount, kind: 'withdrawal', reference: id },
          trx,
        );
        await repo.linkHold(trx, id, holdId);
        await meetCondition(trx, memberId, amount, condition);
        return inserted;
      });
      // After the commit, without the member waiting on the bank; a crash here leaves it to the sweep.
      void deps.autoPayout.consider(row.id).catch((error: unknown) => deps.log.error({ err: error, withdrawalId: row.id }, 'auto-payout failed to look at a withdrawal'));
      return toWithdrawal(row);
    } catch (error) {
      if (error instanceof RiskBlocked) {
        await deps.risk.keepBlocked(error);
        throw businessRule('RISK_BLOCKED');
      }
      if (idempotencyKey && isUniqueViolation(error)) {
        const winner = await repo.findByKey(db, memberId, idempotencyKey);
        if (winner) return toWithdrawal(winner);
      }
      throw error;
    }
  }

  /**
   * Settles a withdrawal once (paid out, or the money back to the wallet); a second decision is
   * refused. Two operators must agree on a payout above the operator's amount, and on
   * either decision for a withdrawal a risk rule held for review: the first is recorded and the
   * withdrawal stays in progress; a different second decision takes the first one's place.
   */
  async function decide(id: string, decision: 'SUCCESS' | 'FAILED', reason: string | null, operator: AuditActor) {
    const site = await deps.settings.site();
    type Open = { amount: bigint; currency: CurrencyCode; held_for_review: boolean; first_approved_by: string | null; first_decision: 'SUCCESS' | 'FAILED' | null };
    const needsTwo = (row: Open) => row.held_for_review || needsSecondApproval(decision, row.amount, moneyRules(site, row.currency).withdrawSecondApprovalAbove);
    // Before the held column, a first approval was always a payout's.
    const proposed = (row: Open) => row.first_decision ?? 'SUCCESS';
    const isFirstApproval = (row: Open) => needsTwo(row) && (row.first_approved_by === null || proposed(row) !== decision);
    return decideOnce(deps, {
      lock: (trx) => repo.lockWithdrawal(trx, id),
      isOpen: (row) => row.status === 'in_progress',
      decidedBy: (_trx, row) => row.decided_by,
      apply: async (trx, row) => {
        // Given to the bank: only the bank's answer settles it, or the member would be paid twice.
        if (await findPayout(trx, id)) throw conflict('AUTO_PAYOUT_IN_FLIGHT');
        if (isFirstApproval(row)) return toWithdrawal(await repo.recordFirstApproval(trx, id, operator.username, decision));
        if (needsTwo(row) && row.first_approved_by === operator.username) throw forbidden('FOUR_EYES');
        const resolution = { holdId: row.hold_id!, reference: id };
        if (decision === 'SUCCESS') await ledger.postHold({ ...resolution, key: `withdrawal:${id}:paid`, kind: 'withdrawal' }, trx);
        else await ledger.voidHold({ ...resolution, key: `withdrawal:${id}:return`, kind: 'withdrawal_return' }, trx);
        const decided = await repo.decide(trx, id, { status: decision, reason, decidedBy: operator.username });
        await deps.decisions.decided(trx, decided);
        return toWithdrawal(decided);
      },
      audit: {
        actor: operator,
        action: (row) => (isFirstApproval(row) ? 'withdrawal.first-approval' : decision === 'SUCCESS' ? 'withdrawal.approve' : 'withdrawal.fail'),
        detail: (row) => ({ id, amount: String(row.amount), currency: row.currency, reason, ...(row.held_for_review ? { heldForReview: true, decision } : {}) }),
      },
    });
  }

  return {
    withdraw,

    /** SPEC §7: the withdraw modal's call; game balances come back to the wallet first. */
    async withdrawAll(context: MemberContext, amount: Minor, idempotencyKey: string | null): Promise<Withdrawal> {
      // Refused before the games' money comes back: a refused call moves nothing.
      if (!isPayableIn(context.currency, amount)) throw badRequest('KEY_INVALID');
      await deps.wallet.transferAll(context, WALLET_CODE, idempotencyKey && `${idempotencyKey}:collect`);
      return withdraw(context, amount, idempotencyKey);
    },

    approve: (id: string, operator: AuditActor) => decide(id, 'SUCCESS', null, operator),
    fail: (id: string, reason: string, operator: AuditActor) => decide(id, 'FAILED', reason, operator),

    async listForOperator(status: 'pending' | 'SUCCESS' | 'FAILED' | 'all', page: number, limit: number, memberId?: bigint) {
      const { rows, total, totalCapped } = await repo.listForOperator(db, status === 'pending' ? 'in_progress' : status, page, limit, memberId);
      const [members, auto] = await Promise.all([deps.members.findMany(db, rows.map((row) => row.member_id)), deps.autoPayout.ofWithdrawals(rows)]);
      return {
        total,
        totalCapped,
        withdrawals: rows.map((row) => {
          const member = members.get(row.member_id)!;
          return {
            ...toWithdrawal(row),
            username: member.phone,
            memberName: member.name,
            decidedBy: row.decided_by,
            firstApprovedBy: row.first_approved_by,
            firstDecision: row.first_decision,
            heldForReview: row.held_for_review,
            reference: row.reference,
            autoPayout: auto.get(row.id)!,
          };
        }),
      };
    },
  };
}
export type WithdrawService = ReturnType<typeof createWithdrawService>;
