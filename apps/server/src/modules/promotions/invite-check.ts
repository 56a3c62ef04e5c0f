import { walletCurrencyOf } from '@wallet/contract';
import type { Members } from '../account/members.js';
import type { Db } from '../../db/database.js';
import type { Deposits } from '../deposit/deposits.js';
import type { InvariantCheck, InvariantProblem } from '../ledger/ledger.service.js';
import { accrualAboveItsRate } from './promotions.rules.js';
import * as repo from './promotions.repository.js';

/** Problems a report lists at most, as the ledger's own checks do. */
const MAX_PROBLEMS = 100;
/** Accruals read per batch: each batch asks the members and deposits ports once for all its rows. */
const BATCH = 1_000;

/**
 * Rewards within their programme's terms, in the receiving member's own currency (DESIGN §6), held
 * by the ledger's invariant report (`rewardsBeyondTerms`): an invite accrual never crosses
 * currencies nor exceeds its recorded rate of the deposit, and an invite claim pays exactly the
 * accruals it took. The accruals and claims are this module's; the members' currencies and the
 * deposits' amounts come from their owners' ports, a batch of accruals at a time.
 */
export function createInviteCheck(deps: { members: Pick<Members, 'findMany'>; deposits: Pick<Deposits, 'amountsOf'> }): InvariantCheck {
  async function accrualsBeyondTerms(db: Db): Promise<InvariantProblem[]> {
    const problems: InvariantProblem[] = [];
    for (let afterId: string | null = null; problems.length < MAX_PROBLEMS; ) {
      const batch = await repo.accrualsAfter(db, afterId, BATCH);
      if (batch.length === 0) break;
      const [members, deposits] = await Promise.all([
        deps.members.findMany(db, batch.flatMap((accrual) => [accrual.inviter_id, accrual.invitee_id])),
        deps.deposits.amountsOf(db, batch.map((accrual) => accrual.deposit_id)),
      ]);
      for (const accrual of batch) {
        const inviter = members.get(accrual.inviter_id);
        const invitee = members.get(accrual.invitee_id);
        const deposit = deposits.get(accrual.deposit_id);
        if (!inviter || !invitee || deposit === undefined) continue;
        const acrossCurrencies = walletCurrencyOf(inviter.currency) !== walletCurrencyOf(invitee.currency);
        if (acrossCurrencies || accrualAboveItsRate(accrual.amount, deposit, accrual.rate_percent)) {
          problems.push({ id: accrual.id, problem: 'invite accrual across currencies or above its rate' });
        }
      }
      afterId = batch.at(-1)!.id;
    }
    return problems.slice(0, MAX_PROBLEMS);
  }

  return {
    name: 'rewardsBeyondTerms',
    async problems(db) {
      const accruals = await accrualsBeyondTerms(db);
      const claims = accruals.length < MAX_PROBLEMS ? await repo.inviteClaimsOtherThanAccruals(db, MAX_PROBLEMS - accruals.length) : [];
      return [...accruals, ...claims.map((id) => ({ id, problem: 'invite claim other than its accruals' }))];
    },
  };
}
