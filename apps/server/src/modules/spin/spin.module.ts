import { minorOf } from '@wallet/contract';
import type { Core } from '../../core.js';
import type { DepositCredit } from '../deposit/deposit-credit.js';
import { accounts } from '../ledger/accounts.js';
import { coinsEarned } from './coins.rules.js';
import * as repo from './spin.repository.js';

/**
 * The spin wheel (issue 13). So far: coins, an asset of their own in the ledger, earned by
 * confirmed deposits at the operator's rate in the deposit credit's transaction, once per deposit.
 */
export function registerSpinModule(core: Pick<Core, 'ledger' | 'settings'>, uses: { deposits: Pick<DepositCredit, 'onCredited'> }) {
  uses.deposits.onCredited(async (trx, deposit) => {
    const { spinCoinBaht } = await core.settings.site(trx);
    // No lock of our own: the credit's ledger transfer holds the member's wallet row until commit,
    // so one member's deposits reach here one at a time and each reads the others' grants.
    const coins = coinsEarned(await repo.depositsCounted(trx, deposit.memberId), deposit.amount, minorOf(spinCoinBaht));
    if (!(await repo.recordGrant(trx, { depositId: deposit.depositId, memberId: deposit.memberId, depositAmount: deposit.amount, coins }))) return;
    if (coins > 0n) {
      await core.ledger.post({ key: `coins:deposit:${deposit.depositId}`, from: accounts.coinIssuer(), to: accounts.coins(deposit.memberId), amount: coins, kind: 'spin_coins', reference: deposit.depositId }, trx);
    }
  });
}
