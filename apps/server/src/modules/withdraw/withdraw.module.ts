import type { Core } from '../../core.js';
import type { Members } from '../account/members.js';
import type { ConditionService } from '../conditions/conditions.service.js';
import type { Statement } from '../statement/statement-sources.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { registerWithdrawAdminRoutes } from './withdraw.admin.routes.js';
import { registerWithdrawRoutes } from './withdraw.routes.js';
import { createWithdrawService } from './withdraw.service.js';
import { withdrawalReferences, withdrawalStatement } from './withdraw.statement.js';

/** Withdrawals to the member's registered bank account, and the operator's queue of them. */
export function registerWithdrawModule(
  core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'ledger' | 'settings'>,
  uses: {
    wallet: Pick<WalletService, 'transferAll'>;
    members: Pick<Members, 'find' | 'findMany'>;
    conditions: Pick<ConditionService, 'lockActive' | 'close' | 'ownDeposits'>;
    statement: Pick<Statement, 'addSource' | 'addReferences'>;
  },
) {
  const withdrawals = createWithdrawService({ ...core, ...uses });
  registerWithdrawRoutes(core.app, withdrawals);
  registerWithdrawAdminRoutes(core.app, withdrawals);
  uses.statement.addSource(withdrawalStatement);
  uses.statement.addReferences(withdrawalReferences);
  return withdrawals;
}
