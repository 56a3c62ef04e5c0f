import type { Members } from '../account/members.js';
import { minorOf, walletCurrencyOf } from '@wallet/contract';
import { moneyRules } from '../settings/settings.service.js';
import type { Core } from '../../core.js';
import type { ApprovalService } from '../approvals/approvals.service.js';
import type { ProviderTransfers } from '../wallet/provider-transfers.js';
import { accounts } from '../ledger/accounts.js';
import type { Rewards } from '../promotions/rewards.js';
import { coinsEarned } from './coins.rules.js';
import { registerSpinAdminRoutes } from './spin-admin.routes.js';
import { createSpinAdminService } from './spin-admin.service.js';
import * as repo from './spin.repository.js';
import { registerSpinRoutes } from './spin.routes.js';
import { createSpinService } from './spin.service.js';

/**
 * The spin wheel (issue 13): coins, an asset of their own in the ledger, earned by play (what
 * games kept); spins the server decides and a member can verify; coupons paid through the one reward
 * payment; campaigns run from the console.
 */
export function registerSpinModule(
  core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'ledger' | 'settings' | 'now' | 'site'>,
  uses: { members: Pick<Members, 'lock'>; gameResults: Pick<ProviderTransfers, 'onResultsBooked'>; rewards: Pick<Rewards, 'begin' | 'pay' | 'quote' | 'activeRefusal'>; approvals: Pick<ApprovalService, 'propose' | 'onApprove'> },
) {
  const { app, db, ledger, now } = core;
  // Coins reward play (DESIGN §6): earned on what games kept, never on money that only passed through.
  uses.gameResults.onResultsBooked(async (trx, memberId) => {
    const currency = walletCurrencyOf(await repo.registeredCurrency(trx, memberId));
    const { spinCoinAmount } = moneyRules(await core.settings.site(trx), currency);
    const counted = await repo.lockLossMark(trx, memberId);
    const loss = await ledger.netGameLoss(memberId, trx);
    if (loss <= counted) return;
    await repo.moveLossMark(trx, memberId, loss);
    const coins = coinsEarned(counted, loss - counted, minorOf(spinCoinAmount));
    if (coins > 0n) {
      await ledger.post({ key: `coins:loss:${memberId}:${loss}`, from: accounts.coinIssuer(), to: accounts.coins(memberId), amount: coins, kind: 'spin_coins', reference: String(memberId) }, trx);
    }
  });
  const spins = createSpinService({ db, members: uses.members, ledger, rewards: uses.rewards, settings: core.settings, now });
  registerSpinRoutes(app, spins, core.site.defaultLanguage);
  registerSpinAdminRoutes(app, createSpinAdminService({ db, auditTrail: core.auditTrail, ledger, now, settings: core.settings, approvals: uses.approvals }));
  return { spins };
}
