import { Gauge } from 'prom-client';
import type { Core } from '../../core.js';
import { ageSeconds, sharedRead } from '../../metrics.js';
import type { Members } from '../account/members.js';
import type { ConditionService } from '../conditions/conditions.service.js';
import type { RiskService } from '../risk/risk.service.js';
import type { Statement } from '../statement/statement-sources.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { registerWithdrawAdminRoutes } from './withdraw.admin.routes.js';
import { registerWithdrawRoutes } from './withdraw.routes.js';
import { createHoldsCheck } from '../ledger/holds-check.js';
import { inProgressHolds, queueState } from './withdraw.repository.js';
import { createWithdrawService } from './withdraw.service.js';
import { createHttpBankTransfer } from '../../adapters/bank-transfer.js';
import type { LookupService } from '../lookup/lookup.service.js';
import type { ProtectionService } from '../protection/protection.service.js';
import { openPayouts } from './auto-payout.repository.js';
import { registerAutoPayoutRoutes } from './auto-payout.routes.js';
import { createAutoPayout } from './auto-payout.service.js';
import { createDecisionHandlers } from './withdrawal-decisions.js';
import { withdrawalReferences, withdrawalStatement } from './withdraw.statement.js';

/** Withdrawals to the member's registered bank account, and the operator's queue of them. */
export function registerWithdrawModule(
  core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'ledger' | 'settings' | 'metrics' | 'now' | 'config' | 'jobs' | 'openIntents' | 'ownAddress'>,
  uses: {
    wallet: Pick<WalletService, 'transferAll'>;
    members: Pick<Members, 'find' | 'findMany'>;
    conditions: Pick<ConditionService, 'lockActive' | 'close' | 'ownDeposits'>;
    statement: Pick<Statement, 'addSource' | 'addReferences'>;
    risk: Pick<RiskService, 'decide' | 'keepBlocked'>;
    protection: Pick<ProtectionService, 'restriction'>;
    banks: Pick<LookupService, 'slipBank'>;
  },
) {
  const { bankTransfer } = core.config;
  const decisions = createDecisionHandlers();
  const autoPayout = createAutoPayout({
    decisions,
    ...core,
    members: uses.members,
    protection: uses.protection,
    banks: uses.banks,
    bank: createHttpBankTransfer({
      baseUrl: () => bankTransfer.url ?? `${core.ownAddress()}/sandbox/bank/api`,
      clientId: bankTransfer.clientId,
      clientSecret: bankTransfer.clientSecret,
      timeoutMs: bankTransfer.timeoutMs,
    }),
    payoutAccounts: bankTransfer.accounts,
    callLeaseSeconds: Math.ceil(bankTransfer.timeoutMs / 1000) + 5,
    log: core.app.log,
  });
  core.jobs.autoPayouts = () => autoPayout.sweep();
  core.openIntents.payout = () => openPayouts(core.db);
  registerAutoPayoutRoutes(core.app, autoPayout);
  const withdrawals = createWithdrawService({ ...core, ...uses, autoPayout, decisions, log: core.app.log });
  registerWithdrawRoutes(core.app, withdrawals);
  registerWithdrawAdminRoutes(core.app, withdrawals);
  uses.statement.addSource(withdrawalStatement);
  uses.statement.addReferences(withdrawalReferences);
  measureQueue(core);
  core.ledger.addInvariantCheck(withdrawalHoldsCheck(core.ledger));
  return { withdrawals, autoPayout, onDecided: decisions.onDecided };
}

/** Every unpaid withdrawal's money is held in the ledger, and no withdrawal hold is left without one. */
export function withdrawalHoldsCheck(ledger: Parameters<typeof createHoldsCheck>[2]['ledger']) {
  return createHoldsCheck('withdrawalHolds', 'withdrawal', { ledger, openRows: inProgressHolds });
}

/** The operator's withdrawal queue, read when scraped (one query for both gauges). */
function measureQueue(core: Pick<Core, 'db' | 'metrics' | 'now'>): void {
  const read = sharedRead(() => queueState(core.db));
  new Gauge({
    name: 'wallet_withdrawal_queue_size',
    help: 'Withdrawals waiting for an operator\'s decision now.',
    registers: [core.metrics],
    async collect() {
      this.set((await read()).waiting);
    },
  });
  new Gauge({
    name: 'wallet_withdrawal_queue_oldest_age_seconds',
    help: 'How long the oldest withdrawal waiting for a decision has waited (0: none waiting).',
    registers: [core.metrics],
    async collect() {
      this.set(ageSeconds(core.now(), (await read()).oldest));
    },
  });
}
