import { CURRENCY_CODES, type CurrencyCode, type DepositPause, type SiteProfile, parseDecimal, walletCurrencyOf } from '@wallet/contract';
import type { z } from 'zod';
import type { bankBalanceBody, exposureCurrency, exposureResponse } from '@wallet/contract';
import type { Db, Trx } from '../../db/database.js';
import { badRequest, conflict } from '../../errors.js';
import type { AdminContext } from '../../http/context.js';
import type { ApprovalService } from '../approvals/approvals.service.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import * as repo from './exposure.repository.js';

type ExposureCurrency = z.infer<typeof exposureCurrency>;
type BankRow = Awaited<ReturnType<typeof repo.latestBankBalances>>[number];
const PAUSE_KIND = 'deposits.pause';

const toBank = (row: BankRow) => ({
  id: String(row.id),
  name: row.name,
  currency: row.currency,
  balance: String(row.balance),
  enteredBy: row.entered_by,
  enteredAt: new Date(row.entered_at).toISOString(),
});

/**
 * Exposure (docs/operations.md "Exposure"): per currency, what the operator owes members (player
 * funds, and within them what waits on its way out or under a condition; rewards earned and not yet
 * taken) against the bank balances entered by hand, and the deposit pause that two operators decide.
 */
export function createExposureService(deps: {
  db: Db;
  ledger: Pick<Ledger, 'playerFunds'>;
  approvals: Pick<ApprovalService, 'propose' | 'approve' | 'reject' | 'open' | 'onApprove'>;
  settings: Pick<SettingsService, 'depositPause' | 'setDepositPause'>;
  auditTrail: AuditTrail;
  site: Pick<SiteProfile, 'currencies'>;
  now: () => Date;
}) {
  const { db } = deps;

  // The approval's transaction sets the pause: it holds on every node once that commits.
  deps.approvals.onApprove(PAUSE_KIND, async (trx, approver, change) => {
    const proposed = change.proposed as { paused: boolean; reason: string; proposedBy: string };
    const pause: DepositPause = { paused: proposed.paused, since: deps.now().toISOString(), proposedBy: proposed.proposedBy, approvedBy: approver.username, reason: proposed.reason };
    await deps.settings.setDepositPause(pause, trx);
    await deps.auditTrail.record(trx, approver, proposed.paused ? 'deposits.pause' : 'deposits.resume', { configChange: change.id, ...pause });
  });

  async function exposure(): Promise<z.infer<typeof exposureResponse>> {
    const at = deps.now();
    const read = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (snapshot) => ({
        funds: await deps.ledger.playerFunds(snapshot),
        holds: await repo.openHolds(snapshot),
        conditions: await repo.underCondition(snapshot),
        spins: await repo.claimableSpinPrizes(snapshot, at),
        invites: await repo.unclaimedInviteRewards(snapshot),
        banks: await repo.latestBankBalances(snapshot),
      }));
    const [pause, proposals] = await Promise.all([deps.settings.depositPause(), deps.approvals.open(PAUSE_KIND)]);
    const seen = new Set<CurrencyCode>([
      ...deps.site.currencies.map((currency) => walletCurrencyOf(currency)),
      ...read.funds.map((row) => walletCurrencyOf(row.currency)),
      ...read.banks.map((row) => row.currency),
    ]);
    const currencies = CURRENCY_CODES.filter((currency) => seen.has(currency)).map((currency): ExposureCurrency => {
      const funds = read.funds.find((row) => row.currency === currency);
      const fundsTotal = (funds?.wallets ?? 0n) + (funds?.games ?? 0n) + (funds?.pending ?? 0n);
      const hold = (kind: string) => read.holds.find((row) => row.currency === currency && row.kind === kind);
      const tally = (row: { amount: string; count: string } | undefined) => ({ amount: row?.amount ?? '0', count: Number(row?.count ?? 0) });
      const inCurrency = <Row extends { currency: string }>(rows: Row[]) => rows.find((row) => walletCurrencyOf(row.currency) === currency);
      const condition = inCurrency(read.conditions);
      const banks = read.banks.filter((row) => row.currency === currency);
      const bankTotal = banks.reduce((total, row) => total + BigInt(row.balance), 0n);
      return {
        currency,
        playerFunds: { currency, wallets: String(funds?.wallets ?? 0n), games: String(funds?.games ?? 0n), pending: String(funds?.pending ?? 0n), total: String(fundsTotal) },
        pendingWithdrawals: tally(hold('withdrawal')),
        providerInFlight: tally(hold('provider_hold')),
        underCondition: { amount: condition?.amount ?? '0', rewards: condition?.rewards ?? '0', count: Number(condition?.count ?? 0) },
        unclaimed: { spinPrizes: tally(inCurrency(read.spins)), inviteRewards: tally(inCurrency(read.invites)) },
        bankAccounts: banks.map(toBank),
        bankTotal: String(bankTotal),
        cover: String(bankTotal - fundsTotal),
      };
    });
    const open = proposals[0];
    return {
      at: at.toISOString(),
      currencies,
      depositPause: pause,
      pauseProposal: open
        ? { _id: open._id, paused: Boolean(open.after['paused']), reason: String(open.after['reason'] ?? ''), proposedBy: open.proposedBy, createdAt: open.createdAt }
        : null,
    };
  }

  return {
    exposure,

    /** A bank balance entered by hand: kept with who entered it, and audited with the balance it replaces. */
    async enterBankBalance(operator: AdminContext, body: z.infer<typeof bankBalanceBody>) {
      const balance = parseDecimal(body.balance, 2);
      if (balance === null) throw badRequest('KEY_INVALID');
      return db.transaction().execute(async (trx) => {
        const previous = await repo.previousBankBalance(trx, body.name, body.currency);
        const row = await repo.enterBankBalance(trx, { name: body.name, currency: body.currency, balance, enteredBy: operator.username });
        await deps.auditTrail.record(trx, operator, 'books.bank_balance', {
          name: body.name,
          currency: body.currency,
          balance: String(balance),
          before: previous ? { balance: String(previous.balance), enteredBy: previous.entered_by, enteredAt: new Date(previous.entered_at).toISOString() } : null,
        });
        return { account: toBank(row) };
      });
    },

    /**
     * Proposes pausing (or resuming) deposits: nothing changes until a second, different operator
     * approves it (the approvals flow refuses the proposer: FOUR_EYES).
     */
    async proposePause(operator: AdminContext, paused: boolean, reason: string) {
      const current = await deps.settings.depositPause();
      // One decision at a time: a second proposal beside an open one would let either be approved out of turn.
      if ((await deps.approvals.open(PAUSE_KIND)).length) throw conflict('PROPOSAL_OPEN');
      return db.transaction().execute((trx: Trx) =>
        deps.approvals.propose(trx, operator, {
          kind: PAUSE_KIND,
          subject: 'deposits',
          currency: null,
          reasons: ['deposit_pause'],
          proposed: { paused, reason, proposedBy: operator.username },
          previous: { paused: current.paused },
        }),
      );
    },
    approvePause: (operator: AdminContext, id: string) => deps.approvals.approve(operator, id, PAUSE_KIND),
    rejectPause: (operator: AdminContext, id: string, note: string) => deps.approvals.reject(operator, id, note, PAUSE_KIND),
  };
}
export type ExposureService = ReturnType<typeof createExposureService>;
