import type { Members } from '../account/members.js';
import { type Language, PASSWORD_MAX, PASSWORD_MIN, type PasswordForgotBody, type PasswordForgotResponse, type PasswordResetBody, type SiteProfile, isValidPhone } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, forbidden } from '../../errors.js';
import type { AttemptLimiter } from '../limits/attempt-limiter.js';
import type { OtpService } from '../otp/otp.service.js';
import type { AuthService } from './auth.service.js';
import { createMemberLoginGuard } from './login-guard.js';
import type { PasswordHasher } from './password.js';

/**
 * A member who forgot their password sets a new one with an SMS code to their registered phone
 * (docs/README.md#forgotten-password). Asking answers the same for any phone; the code's
 * guesses count as login failures; a reset ends every session the member has, everywhere.
 */
export function createPasswordResetService(deps: {
  members: Pick<Members, 'lock' | 'credentials' | 'setPasswordHash'>;
  db: Db;
  hasher: PasswordHasher;
  limiter: AttemptLimiter;
  secret: string;
  site: SiteProfile;
  otp: Pick<OtpService, 'refuseIfBlocked' | 'sendResetCode' | 'checkResetCode' | 'spendResetCode'>;
  sessions: Pick<AuthService, 'revokeAllSessions' | 'memberChanged'>;
}) {
  const { db, site, otp } = deps;
  const guard = createMemberLoginGuard(deps);

  function checkPhoneFormat(phone: string): void {
    if (!isValidPhone(phone, site.site)) throw badRequest(site.phoneErrorCode);
  }

  return {
    /** A code to the member's phone; for a phone no member has, the same answer and no SMS. */
    async sendCode(body: PasswordForgotBody, client: { ip: string; language: Language }): Promise<PasswordForgotResponse> {
      checkPhoneFormat(body.phoneNumber);
      const member = await deps.members.credentials(db, body.phoneNumber);
      return otp.sendResetCode(body.phoneNumber, client.language, client.ip, member !== undefined);
    },

    /**
     * The code, then the new password. The attempt is taken from the login's counters before the
     * code is looked at, and given back only when the password was set. A blocked member learns so
     * only with the right code, as a login says it only with the right password.
     */
    async reset(body: PasswordResetBody, client: { ip: string; deviceCookie: string | undefined }): Promise<{ deviceCookie: string }> {
      checkPhoneFormat(body.phoneNumber);
      if (body.newPassword.length < PASSWORD_MIN || body.newPassword.length > PASSWORD_MAX) throw badRequest('PASSWORD_LENGTH');
      // A blocked phone is told so before a login attempt is taken for it.
      await otp.refuseIfBlocked(body.phoneNumber);
      const attempt = await guard.begin({ account: body.phoneNumber, address: client.ip, deviceCookie: client.deviceCookie });
      const requestId = await otp.checkResetCode(body.phoneNumber, body.otpRef, body.otpCode);
      const member = await deps.members.credentials(db, body.phoneNumber);
      // A phone no member has got no SMS: its code is known to nobody, so this is not reached in practice.
      if (!member) throw badRequest('OTP_CODE_INVALID');
      if (member.status !== 'active') {
        await attempt.release();
        throw forbidden('INACTIVE_USER');
      }
      const passwordHash = await deps.hasher.hash(body.newPassword);
      const outcome = await db.transaction().execute(async (trx) => {
        const locked = await deps.members.lock(trx, member.id);
        if (locked?.status !== 'active') return 'inactive' as const;
        if (!(await otp.spendResetCode(trx, requestId))) return 'spent' as const;
        await deps.members.setPasswordHash(trx, member.id, passwordHash);
        await deps.sessions.revokeAllSessions(trx, member.id);
        return 'reset' as const;
      });
      if (outcome === 'inactive') throw forbidden('INACTIVE_USER');
      if (outcome === 'spent') throw conflict('OTP_VERIFIED');
      await deps.sessions.memberChanged(member.id);
      await attempt.release();
      return { deviceCookie: attempt.deviceCookie };
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
