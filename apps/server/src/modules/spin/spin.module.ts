import { minorOf, walletCurrencyOf } from '@wallet/contract';
import { moneyRules } from '../settings/settings.service.js';
import type { Core } from '../../core.js';
import type { ApprovalService } from '../approvals/approvals.service.js';
import type { DepositCredit } from '../deposit/deposit-credit.js';
import { accounts } from '../ledger/accounts.js';
import type { Rewards } from '../promotions/rewards.js';
import { coinsEarned } from './coins.rules.js';
import { registerSpinAdminRoutes } from './spin-admin.routes.js';
import { createSpinAdminService } from './spin-admin.service.js';
import * as repo from './spin.repository.js';
import { registerSpinRoutes } from './spin.routes.js';
import { createSpinService } from './spin.service.js';

/**
 * The spin wheel (issue 13): coins, an asset of their own in the ledger, earned by confirmed
 * deposits; spins the server decides and a member can verify; coupons paid through the one reward
 * payment; campaigns run from the console.
 */
export function registerSpinModule(core: Pick<Core, 'app' | 'db' | 'ledger' | 'settings' | 'now' | 'site'>, uses: { deposits: Pick<DepositCredit, 'onCredited'>; rewards: Pick<Rewards, 'begin' | 'pay'>; approvals: Pick<ApprovalService, 'propose' | 'onApprove'> }) {
  const { app, db, ledger, now } = core;
  uses.deposits.onCredited(async (trx, deposit) => {
    const currency = walletCurrencyOf(await repo.registeredCurrency(trx, deposit.memberId));
    const { spinCoinAmount } = moneyRules(await core.settings.site(trx), currency);
    // No lock of our own: the credit's ledger transfer holds the member's wallet row until commit,
    // so one member's deposits reach here one at a time and each reads the others' grants.
    const coins = coinsEarned(await repo.depositsCounted(trx, deposit.memberId), deposit.amount, minorOf(spinCoinAmount));
    if (!(await repo.recordGrant(trx, { depositId: deposit.depositId, memberId: deposit.memberId, depositAmount: deposit.amount, coins }))) return;
    if (coins > 0n) {
      await ledger.post({ key: `coins:deposit:${deposit.depositId}`, from: accounts.coinIssuer(), to: accounts.coins(deposit.memberId), amount: coins, kind: 'spin_coins', reference: deposit.depositId }, trx);
    }
  });
  const spins = createSpinService({ db, ledger, rewards: uses.rewards, settings: core.settings, now });
  registerSpinRoutes(app, spins, core.site.defaultLanguage);
  registerSpinAdminRoutes(app, createSpinAdminService({ db, ledger, now, settings: core.settings, approvals: uses.approvals }));
  return { spins };
}
