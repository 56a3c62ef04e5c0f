import { walletCurrencyOf } from '@wallet/contract';
import type { Core } from '../../core.js';
import type { Members } from '../account/members.js';
import type { DepositCredit } from '../deposit/deposit-credit.js';
import type { LinkService } from '../links/links.service.js';
import { registerRiskRoutes } from './risk.routes.js';
import { createRiskService } from './risk.service.js';

/** A decision on money movements, in their own transactions, from versioned rules; the desk's view of what they held. */
export function registerRiskModule(core: Pick<Core, 'app' | 'db' | 'auditTrail'>, uses: { links: Pick<LinkService, 'sharedCounts'>; credit: Pick<DepositCredit, 'onCredited'>; members: Pick<Members, 'find'> }) {
  const risk = createRiskService({ ...core, links: uses.links });
  core.app.addHook('onReady', () => risk.start());
  // A deposit is decided as it is credited; its money stays credited whatever the answer (it has arrived).
  uses.credit.onCredited(async (trx, deposit) => {
    const member = await uses.members.find(trx, deposit.memberId);
    if (!member) return;
    await risk.decide(trx, { movement: 'deposit', memberId: deposit.memberId, amount: deposit.amount, currency: walletCurrencyOf(member.currency), subject: deposit.depositId, ownRowId: deposit.depositId });
  });
  registerRiskRoutes(core.app, risk);
  return risk;
}
