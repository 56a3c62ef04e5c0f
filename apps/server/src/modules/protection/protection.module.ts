import { walletCurrencyOf } from '@wallet/contract';
import type { Core } from '../../core.js';
import type { ChatService } from '../chat/chat.service.js';
import type { DepositCredit } from '../deposit/deposit-credit.js';
import { registerHarmRoutes } from './harm.routes.js';
import { createHarmService } from './harm.service.js';
import * as harmRepo from './harm.repository.js';
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
  core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'site' | 'settings' | 'members' | 'jobs'>,
  uses: {
    credit: Pick<DepositCredit, 'onCredited' | 'beforeIssuing'>;
    /** Games are not launched during a break or a self-exclusion. */
    launches: { beforeLaunch(gate: (memberId: bigint) => Promise<void>): void };
    /** Tells the member's open app (every node's sockets) that their protection changed. */
    tellMember: (memberId: bigint) => void;
    /** A harm case's message to the member, through support chat. */
    support: Pick<ChatService, 'tellMember'>;
    /** Ends the member's open games at the providers that offer it; never throws. */
    endSessions: (memberId: bigint) => Promise<void>;
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
    endSessions: uses.endSessions,
    attempted: (event) => harmRepo.recordEvent(core.db, event),
  });
  uses.credit.beforeIssuing(
    async (db, memberId, intent) => {
      const refusal = await protection.depositRefusal(db, memberId, intent.amount, intent.replacingMethod);
      if (!refusal) return null;
      // A refused deposit is a marker of harm; recorded when asked outside a transaction (the check
      // before a way to pay is issued), which every refused deposit passes through first.
      if (db === core.db) await harmRepo.recordEvent(core.db, { memberId, kind: 'deposit_refused', detail: refusal.refusal });
      return refusalError(refusal);
    },
    { refusesSlips: true },
  );
  uses.credit.onCredited((trx, deposit) => protection.flagCredited(trx, deposit));
  uses.launches.beforeLaunch((memberId) => protection.refuseRestricted(core.db, memberId));
  registerProtectionRoutes(core.app, protection, core.members, core.db);
  const harm = createHarmService({
    db: core.db,
    auditTrail: core.auditTrail,
    timeZone: core.site.timeZone,
    protection,
    members: { find: async (db, id) => {
      const member = await core.members.find(db, id);
      return member ? { id: member.id, currency: walletCurrencyOf(member.currency) } : undefined;
    } },
    support: uses.support,
  });
  core.jobs.harmMarkers = () => harm.sweep();
  registerHarmRoutes(core.app, harm);
  return { ...protection, harm };
}
