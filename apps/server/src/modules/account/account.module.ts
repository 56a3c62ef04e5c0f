import type { Core } from '../../core.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ConditionService } from '../conditions/conditions.service.js';
import type { LookupService } from '../lookup/lookup.service.js';
import { registerAccountRoutes } from './account.routes.js';
import { type VerifiedPhones, createAccountService } from './account.service.js';
import { registerMemberAdminRoutes } from './member-admin.routes.js';
import { type BankChangeDecision, createMemberAdminService } from './member-admin.service.js';

/** Registration and the member's profile; the operator's view of members and their actions on them. */
export function registerAccountModule(
  core: Pick<Core, 'app' | 'db' | 'auditTrail' | 'hasher' | 'limiter' | 'settings' | 'site' | 'now' | 'sms' | 'ledger'>,
  uses: {
    lookup: Pick<LookupService, 'findBank' | 'findSource' | 'bank'>;
    sessions: Pick<AuthService, 'revokeOtherSessions' | 'revokeAllSessions' | 'liveSessions' | 'memberChanged'>;
    verifiedPhones: VerifiedPhones;
    conditions: Pick<ConditionService, 'active' | 'ownDeposits'>;
  },
) {
  const account = createAccountService({ ...core, ...uses });
  registerAccountRoutes(core.app, account);
  // The risk module comes later (it reads deposits and links): it binds its decision here once it exists.
  let bankChangeDecision: BankChangeDecision | null = null;
  registerMemberAdminRoutes(core.app, createMemberAdminService({ ...core, ...uses, bankChanges: { current: () => bankChangeDecision } }));
  return Object.assign(account, {
    decideBankChanges(decision: BankChangeDecision) {
      bankChangeDecision = decision;
    },
  });
}
