import type { Core } from '../../core.js';
import type { ApprovalService } from '../approvals/approvals.service.js';
import { createSecretBox } from '../../crypto/secret-box.js';
import { createSecondFactor } from './second-factor.js';
import { registerAdminRoutes } from './admin.routes.js';
import { createAdminService } from './admin.service.js';
import { PROTECTION_DEFAULTS } from '../protection/site-defaults.js';

/** Operator accounts and roles, sign-in with an optional second factor, sessions and site settings. */
export function registerAdminModule(
  core: Pick<Core, 'app' | 'config' | 'db' | 'auditTrail' | 'hasher' | 'tokens' | 'settings' | 'limiter' | 'secret' | 'now' | 'derivedSecret' | 'revocations' | 'metrics' | 'site'>,
  uses: { approvals: Pick<ApprovalService, 'changeSettings'> },
) {
  const admin = createAdminService({
    ...core,
    approvals: uses.approvals,
    protectionDefaults: PROTECTION_DEFAULTS[core.site.site],
    revocations: core.revocations,
    sessionLifetimeMs: core.config.adminSessionMs,
    totpSecrets: createSecretBox(core.secret, 'operator-totp'),
    secondFactor: createSecondFactor({ pepper: core.derivedSecret('operator-recovery-codes'), now: core.now }),
  });
  registerAdminRoutes(core.app, admin);
  return admin;
}
