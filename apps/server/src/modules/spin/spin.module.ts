import type { Members } from '../account/members.js';
import type { Core } from '../../core.js';
import type { ApprovalService } from '../approvals/approvals.service.js';
import type { NoticeService } from '../notices/notices.service.js';
import type { ProviderTransfers } from '../wallet/provider-transfers.js';
import type { Rewards } from '../promotions/rewards.js';
import type { ProtectionService } from '../protection/protection.service.js';
import type { RiskService } from '../risk/risk.service.js';
import { registerSpinAdminRoutes } from './spin-admin.routes.js';
import { createSpinAdminService } from './spin-admin.service.js';
import { registerSpinRoutes } from './spin.routes.js';
import { prizesEndingBy } from './spin.repository.js';
import { createSpinService } from './spin.service.js';

/** How long before a prize's coupon expires its member is reminded of it. */
const PRIZE_REMINDER_AHEAD_SECONDS = 24 * 3600;

/**
 * The spin wheel: coins, an asset of their own in the ledger, earned by play (what
 * games kept); spins the server decides and a member can verify; coupons paid through the one reward
 * payment; campaigns run from the console.
 */
export function registerSpinModule(
  core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'ledger' | 'settings' | 'now' | 'site'>,
  uses: { members: Pick<Members, 'lock' | 'walletCurrency'>; gameResults: Pick<ProviderTransfers, 'onResultsBooked'>; rewards: Pick<Rewards, 'begin' | 'pay' | 'quote' | 'activeRefusal'>; risk: Pick<RiskService, 'keepBlocked'>; protection: Pick<ProtectionService, 'refuseRestricted'>; approvals: Pick<ApprovalService, 'propose' | 'onApprove'>; notices: Pick<NoticeService, 'addTimedSource'> },
) {
  const { app, db, ledger, now } = core;
  const spins = createSpinService({ db, members: uses.members, ledger, rewards: uses.rewards, risk: uses.risk, protection: uses.protection, settings: core.settings, now });
  uses.gameResults.onResultsBooked((trx, memberId) => spins.earnFromPlay(trx, memberId));
  // A money prize left unclaimed is told a day before its coupon expires, once (an offer: with the
  // member's consent, never under a break or a self-exclusion).
  uses.notices.addTimedSource('spin_prizes', async (trx, at) =>
    (await prizesEndingBy(trx, at, new Date(at.getTime() + PRIZE_REMINDER_AHEAD_SECONDS * 1000), PRIZE_REMINDER_AHEAD_SECONDS)).map((prize) => ({
      memberId: prize.member_id,
      kind: 'bonus_expiring' as const,
      eventKey: `bonus_expiring:spin:${prize.id}`,
      facts: { amount: String(prize.prize_amount), currency: prize.currency },
    })),
  );
  registerSpinRoutes(app, spins, core.site.defaultLanguage);
  registerSpinAdminRoutes(app, createSpinAdminService({ db, auditTrail: core.auditTrail, ledger, now, settings: core.settings, approvals: uses.approvals }));
  return { spins };
}
