import type { Members } from '../account/members.js';
import { businessRule } from '../../errors.js';
import { createFolderStorage } from '../../adapters/upload-storage.js';
import type { Core } from '../../core.js';
import type { ApprovalService } from '../approvals/approvals.service.js';
import type { SignIns } from '../auth/sign-ins.js';
import type { ProtectionService } from '../protection/protection.service.js';
import type { RiskService } from '../risk/risk.service.js';
import type { ConditionService } from '../conditions/conditions.service.js';
import { endedConditionStatement } from '../conditions/conditions.statement.js';
import type { DepositCredit } from '../deposit/deposit-credit.js';
import type { Deposits } from '../deposit/deposits.js';
import type { LookupService } from '../lookup/lookup.service.js';
import type { Statement } from '../statement/statement-sources.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { createInviteCheck } from './invite-check.js';
import { createOfferService } from './offers.service.js';
import { createProgrammeService } from './programmes.service.js';
import { registerPromotionAdminRoutes } from './promotions-admin.routes.js';
import { createPromotionAdminService } from './promotions-admin.service.js';
import { registerPromotionRoutes } from './promotions.routes.js';
import { offerStatementNames, rewardStatement } from './promotions.statement.js';
import { createRewards } from './rewards.js';

/**
 * Bonuses, promotion codes, invite rewards and refunds: every reward through one payment
 * (rewards.ts) from its own expense account, and the member's one withdrawal condition.
 */
export function registerPromotionsModule(
  core: Pick<Core, 'app' | 'config' | 'db' | 'auditTrail' | 'ledger' | 'settings' | 'now' | 'site'>,
  uses: {
    members: Pick<Members, 'lock' | 'find' | 'findMany' | 'inviteeCount' | 'registered'>;
    signIns: Pick<SignIns, 'placesSince'>;
    wallet: Pick<WalletService, 'transferAll' | 'refreshAll'>;
    credit: Pick<DepositCredit, 'onCredited' | 'beforeIssuing'>;
    deposits: Pick<Deposits, 'totalSince' | 'count' | 'amountsOf'>;
    conditions: Pick<ConditionService, 'start' | 'active' | 'lockActive' | 'end' | 'lastClosedAt' | 'held' | 'ownDeposits' | 'hasMoneyInFlight' | 'recordDepositUnderCondition'>;
    approvals: Pick<ApprovalService, 'propose' | 'changeSettings' | 'onApprove'>;
    texts: Pick<LookupService, 'allTexts' | 'replaceTexts'>;
    statement: Pick<Statement, 'addSource' | 'addNames'>;
    risk: Pick<RiskService, 'decide' | 'keepBlocked'>;
    protection: Pick<ProtectionService, 'refuseRestricted'>;
  },
) {
  const { app, db, ledger, now } = core;
  const { conditions } = uses;
  const rewards = createRewards({ members: uses.members, ledger, conditions, settings: core.settings, risk: uses.risk, protection: uses.protection, now });
  const offers = createOfferService({ db, now, rewards, ledger, conditions, wallet: uses.wallet, deposits: uses.deposits, risk: uses.risk });
  const programmes = createProgrammeService({ db, members: uses.members, signIns: uses.signIns, rewards, ledger, settings: core.settings, conditions, wallet: uses.wallet, risk: uses.risk });
  uses.credit.onCredited((trx, deposit) => programmes.accrueInvite(trx, deposit));
  uses.credit.onCredited((trx, deposit) => conditions.recordDepositUnderCondition(trx, deposit));
  // The ledger's invariant report holds invite rewards to their programme's terms, read from this module's tables.
  ledger.addInvariantCheck(createInviteCheck({ members: uses.members, deposits: uses.deposits }));
  // SPEC §4: a bonus "must be ended before the next deposit": no QR, gift link or notice while one holds.
  uses.credit.beforeIssuing(async (trx, memberId) => ((await conditions.active(trx, memberId)) ? businessRule('DEPOSIT_UNDER_CONDITION') : null));
  uses.statement.addSource(rewardStatement);
  uses.statement.addSource(endedConditionStatement);
  uses.statement.addNames(offerStatementNames);
  const storage = createFolderStorage(core.config.uploadDir);
  registerPromotionRoutes(app, { offers, programmes }, core.site.defaultLanguage);
  registerPromotionAdminRoutes(app, createPromotionAdminService({ db, auditTrail: core.auditTrail, settings: core.settings, storage, conditions, offers, approvals: uses.approvals, members: uses.members, texts: uses.texts }), storage);
  return { offers, programmes, rewards };
}
