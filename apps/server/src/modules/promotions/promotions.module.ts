import type { Members } from '../account/members.js';
import { createFolderStorage } from '../../adapters/upload-storage.js';
import type { Core } from '../../core.js';
import type { ApprovalService } from '../approvals/approvals.service.js';
import { createConditionService } from '../conditions/conditions.service.js';
import { endedConditionStatement } from '../conditions/conditions.statement.js';
import type { DepositCredit } from '../deposit/deposit-credit.js';
import type { LookupService } from '../lookup/lookup.service.js';
import type { Statement } from '../statement/statement-sources.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { createOfferService } from './offers.service.js';
import { createProgrammeService } from './programmes.service.js';
import { registerPromotionAdminRoutes } from './promotions-admin.routes.js';
import { createPromotionAdminService } from './promotions-admin.service.js';
import { registerPromotionRoutes } from './promotions.routes.js';
import { offerStatementNames, rewardStatement } from './promotions.statement.js';
import { createRewards } from './rewards.js';

/**
 * Bonuses, promotion codes, invite rewards and refunds (issue 12): every reward through one payment
 * (rewards.ts) from its own expense account, and the member's one withdrawal condition.
 */
export function registerPromotionsModule(
  core: Pick<Core, 'app' | 'config' | 'db' | 'auditTrail' | 'ledger' | 'settings' | 'now' | 'site'>,
  uses: {
    members: Pick<Members, 'lock' | 'find'>;
    wallet: Pick<WalletService, 'transferAll' | 'refreshAll'>;
    deposits: Pick<DepositCredit, 'onCredited' | 'beforeIssuing'>;
    approvals: Pick<ApprovalService, 'propose' | 'changeSettings' | 'onApprove'>;
    texts: Pick<LookupService, 'allTexts' | 'replaceTexts'>;
    statement: Pick<Statement, 'addSource' | 'addNames'>;
  },
) {
  const { app, db, ledger, now } = core;
  const conditions = createConditionService();
  const rewards = createRewards({ members: uses.members, ledger, conditions, settings: core.settings, now });
  const offers = createOfferService({ db, now, rewards, ledger, conditions, wallet: uses.wallet });
  const programmes = createProgrammeService({ db, members: uses.members, rewards, ledger, settings: core.settings, conditions, wallet: uses.wallet });
  uses.deposits.onCredited((trx, deposit) => programmes.accrueInvite(trx, deposit));
  uses.deposits.onCredited((trx, deposit) => conditions.recordDepositUnderCondition(trx, deposit));
  // SPEC §4: a bonus "must be ended before the next deposit": no QR, gift link or notice while one holds.
  uses.deposits.beforeIssuing(async (memberId) => ((await conditions.active(db, memberId)) ? 'DEPOSIT_UNDER_CONDITION' : null));
  uses.statement.addSource(rewardStatement);
  uses.statement.addSource(endedConditionStatement);
  uses.statement.addNames(offerStatementNames);
  const storage = createFolderStorage(core.config.uploadDir);
  registerPromotionRoutes(app, { offers, programmes }, core.site.defaultLanguage);
  registerPromotionAdminRoutes(app, createPromotionAdminService({ db, auditTrail: core.auditTrail, settings: core.settings, storage, conditions, offers, approvals: uses.approvals, texts: uses.texts }), storage);
  return { offers, programmes, rewards };
}
