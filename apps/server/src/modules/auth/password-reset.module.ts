import type { Members } from '../account/members.js';
import type { Core } from '../../core.js';
import type { OtpService } from '../otp/otp.service.js';
import type { AuthService } from './auth.service.js';
import { registerPasswordResetRoutes } from './password-reset.routes.js';
import { createPasswordResetService } from './password-reset.service.js';

/** A forgotten password: an SMS code to the registered phone, then a new password (after the OTP module, whose codes it uses). */
export function registerPasswordResetModule(
  core: Pick<Core, 'app' | 'db' | 'hasher' | 'limiter' | 'secret' | 'site' | 'metrics'>,
  uses: { members: Pick<Members, 'lock' | 'credentials' | 'setPasswordHash'>; otp: Pick<OtpService, 'refuseIfBlocked' | 'sendResetCode' | 'checkResetCode' | 'spendResetCode'>; sessions: Pick<AuthService, 'revokeAllSessions' | 'memberChanged'> },
) {
  const resets = createPasswordResetService({ ...core, ...uses });
  registerPasswordResetRoutes(core.app, resets, core.site.defaultLanguage);
  return resets;
}
