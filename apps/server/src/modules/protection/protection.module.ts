import type { Core } from '../../core.js';
import type { DepositCredit } from '../deposit/deposit-credit.js';
import { refusalError, createProtectionService } from './protection.service.js';
import { registerProtectionRoutes } from './protection.routes.js';
import { PROTECTION_DEFAULTS, protectionInForce } from './site-defaults.js';

/**
 * Player protection: limits, breaks and self-exclusion, checked where money moves. Transfers to
 * games are checked in their own statement (db/functions/provider_transfer_begin.sql); deposits
 * before a way to pay is issued, and flagged when money arrives past a limit anyway; rewards,
 * spins and invite rewards ask `refuseRestricted` in their transactions.
 */
export function registerProtectionModule(
  core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'site' | 'settings' | 'members'>,
  uses: {
    credit: Pick<DepositCredit, 'onCredited' | 'beforeIssuing'>;
    /** Games are not launched during a break or a self-exclusion. */
    launches: { beforeLaunch(gate: (memberId: bigint) => Promise<void>): void };
    /** Tells the member's open app (every node's sockets) that their protection changed. */
    tellMember: (memberId: bigint) => void;
  },
) {
  const defaults = PROTECTION_DEFAULTS[core.site.site];
  const protection = createProtectionService({
    ...core,
    cooling: async () => {
      const { coolingHours, strict } = protectionInForce(await core.settings.site(), defaults);
      return { coolingHours, strict };
    },
    // The site setting protectionLimitPrompt, else the site profile's default.
    promptRequired: async () => protectionInForce(await core.settings.site(), defaults).limitPrompt,
    changed: uses.tellMember,
  });
  uses.credit.beforeIssuing(
    async (trx, memberId, intent) => {
      const refusal = await protection.depositRefusal(trx, memberId, intent.amount, intent.replacingMethod);
      return refusal ? refusalError(refusal) : null;
    },
    { refusesSlips: true },
  );
  uses.credit.onCredited((trx, deposit) => protection.flagCredited(trx, deposit));
  uses.launches.beforeLaunch((memberId) => protection.refuseRestricted(core.db, memberId));
  registerProtectionRoutes(core.app, protection, core.members, core.db);
  return protection;
}
