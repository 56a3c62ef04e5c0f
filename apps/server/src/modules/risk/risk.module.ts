import { walletCurrencyOf } from '@wallet/contract';
import type { Core } from '../../core.js';
import type { BankChangeDecision } from '../account/member-admin.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ChatService } from '../chat/chat.service.js';
import type { DepositCredit } from '../deposit/deposit-credit.js';
import type { LinkService } from '../links/links.service.js';
import { registerCaseRoutes } from './risk.cases.routes.js';
import { createCaseService } from './risk.cases.service.js';
import { registerRiskRoutes } from './risk.routes.js';
import { keepingBlocked } from './keep-blocked.js';
import { createRiskService } from './risk.service.js';

/** A decision on money movements, in their own transactions, from versioned rules; the cases investigators work from what they held. */
export function registerRiskModule(
  core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'members' | 'operatorNames'>,
  uses: {
    links: Pick<LinkService, 'sharedMembers'>;
    credit: Pick<DepositCredit, 'onCredited'>;
    sessions: Pick<AuthService, 'memberChanged'>;
    support: Pick<ChatService, 'tellMember'>;
    bankChanges: { decideBankChanges(decision: BankChangeDecision): void };
  },
) {
  const risk = createRiskService({ ...core, links: uses.links });
  core.app.addHook('onReady', () => risk.start());
  // A deposit is decided as it is credited; its money stays credited whatever the answer (it has arrived).
  uses.credit.onCredited(async (trx, deposit) => {
    const member = await core.members.registered(trx, deposit.memberId);
    if (!member) return;
    await risk.decide(trx, { movement: 'deposit', memberId: deposit.memberId, amount: deposit.amount, currency: walletCurrencyOf(member.currency), subject: deposit.depositId, ownRowId: deposit.depositId });
  });
  // A change of the member's bank account, after the row changed (the links read the new account); it moves no money (amount 0).
  uses.bankChanges.decideBankChanges({
    decide: async (trx, change) => {
      await risk.decide(trx, { movement: 'bank_account', memberId: change.memberId, amount: 0n, currency: change.currency, subject: change.account });
    },
    run: (transaction) => keepingBlocked(risk, transaction),
  });
  registerRiskRoutes(core.app, risk);
  registerCaseRoutes(core.app, createCaseService({ ...core, sessions: uses.sessions, support: uses.support }));
  return risk;
}
