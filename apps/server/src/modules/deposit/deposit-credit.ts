import { Counter, Histogram } from 'prom-client';
import type { Db } from '../../db/database.js';
import { type AppError, businessRule } from '../../errors.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { type Metrics, WAIT_BUCKETS } from '../../metrics.js';
import * as repo from './deposit.repository.js';

/** Where a deposit came from: the clearing account it is booked from is the method's. */
export type DepositMethod = 'MANUAL' | 'SLIP' | 'TRUEMONEY' | (string & {});

export interface DepositToCredit {
  memberId: bigint;
  method: DepositMethod;
  amount: bigint;
  /** The outside world's name for this money (gateway payment, bank transfer, voucher…): it is credited once. */
  externalRef: string;
  /** The member's reference when it was given before the money arrived (a deposit notice's). */
  reference?: string;
  /**
   * When the payer paid, as the outside world tells it (the gateway's payment time, the bank
   * transfer's time on the slip, TrueMoney's receipt), or else the earliest time we know of the
   * payment (the QR, gift link or notice): the credit delay members feel is measured from it.
   */
  paidAt: Date;
}

export interface CreditedDeposit extends DepositToCredit {
  depositId: string;
  creditedAt: Date;
}

/** Runs inside the credit's transaction: whatever it writes stands or falls with the deposit. */
export type OnCredited = (trx: Db, deposit: CreditedDeposit) => Promise<void>;

/** What a member is about to pay: the amount (1 minor unit when it is not known yet: a slip, a gift link), and the method whose open QR a new one replaces. */
export interface DepositIntent {
  amount: bigint;
  replacingMethod: string | null;
  /** A slip's money has already left the member's bank: only gates that also refuse slips are asked. */
  slip?: boolean;
}

/**
 * Asked before a member is given a way to pay (a QR, a gift link's redemption, a manual notice, a
 * slip): an error refuses it, before any money moves. Given a transaction, a gate may hold its locks
 * to the end of it, so the way to pay is written under them.
 */
export type DepositGate = (db: Db, memberId: bigint, intent: DepositIntent) => Promise<AppError | null>;

/**
 * The one deposit credit (every method): a deposit row keyed by the outside reference, the ledger
 * transfer from the method's clearing account to the member's wallet, and every registered
 * on-credited handler (spin coins, invite accrual, bonus eligibility), all in the caller's
 * transaction.
 */
export function createDepositCredit(deps: {
  ledger: Pick<Ledger, 'post'>;
  metrics: Metrics;
  now: () => Date;
  /** Whether two operators have paused deposits: asked first, before any other gate (absent: never). */
  paused?: (db: Db) => Promise<boolean>;
}) {
  const handlers: OnCredited[] = [];
  const gates: { gate: DepositGate; refusesSlips: boolean }[] = [];
  const credits = new Counter({
    name: 'wallet_deposits_credited_total',
    help: 'Deposit credits by method and outcome: credited, or duplicate (this outside reference was credited before).',
    labelNames: ['method', 'outcome'] as const,
    registers: [deps.metrics],
  });
  const creditDelay = new Histogram({
    name: 'wallet_deposit_credit_delay_seconds',
    help: 'From the payer paying (gateway payment, bank transfer, TrueMoney receipt; else the QR, link or notice) to the wallet credit, by method.',
    labelNames: ['method'] as const,
    buckets: WAIT_BUCKETS,
    registers: [deps.metrics],
  });
  const pauseRefusal = async (db: Db): Promise<AppError | null> => ((await deps.paused?.(db)) ? businessRule('DEPOSITS_PAUSED') : null);
  return {
    onCredited(handler: OnCredited): void {
      handlers.push(handler);
    },

    /** `refusesSlips`: the gate also refuses a slip (a limit the member set; not a rule of ours). */
    beforeIssuing(gate: DepositGate, options: { refusesSlips?: boolean } = {}): void {
      gates.push({ gate, refusesSlips: options.refusesSlips ?? false });
    },

    /**
     * DEPOSITS_PAUSED while deposits are paused, else null. Nothing already on its way (a webhook, a
     * slip under review, a notice waiting) asks it: those are credited.
     */
    pauseRefusal,

    /** Why this member may not start this deposit now (paused, a condition, a limit, a break), or null. */
    async refusal(db: Db, memberId: bigint, intent: DepositIntent): Promise<AppError | null> {
      const paused = await pauseRefusal(db);
      if (paused) return paused;
      for (const { gate, refusesSlips } of gates) {
        if (intent.slip && !refusesSlips) continue;
        const refused = await gate(db, memberId, intent);
        if (refused) return refused;
      }
      return null;
    },

    /** The credited deposit, or null when this outside reference was credited before. */
    async credit(trx: Db, deposit: DepositToCredit): Promise<CreditedDeposit | null> {
      const row = await repo.insertDeposit(trx, deposit);
      if (!row) {
        credits.inc({ method: deposit.method, outcome: 'duplicate' });
        return null;
      }
      await deps.ledger.post(
        {
          key: `deposit:${deposit.externalRef}`,
          from: accounts.depositClearing(deposit.method),
          to: accounts.wallet(deposit.memberId),
          amount: deposit.amount,
          kind: 'deposit',
          reference: row.id,
        },
        trx,
      );
      const credited: CreditedDeposit = { ...deposit, depositId: row.id, creditedAt: row.created_at };
      for (const handler of handlers) await handler(trx, credited);
      // Counted as the credit is written, in its transaction: one that fails later is counted too (rare; ADR 0336).
      credits.inc({ method: deposit.method, outcome: 'credited' });
      creditDelay.observe({ method: deposit.method }, Math.max(0, deps.now().getTime() - deposit.paidAt.getTime()) / 1000);
      return credited;
    },
  };
}
export type DepositCredit = ReturnType<typeof createDepositCredit>;
