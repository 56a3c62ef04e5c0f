import { LOGIN_LIMITS, SESSION_LIFETIME_MS, type LoginBody } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { forbidden, tooMany, unauthorized } from '../../errors.js';
import type { PasswordHasher } from './password.js';
import * as repo from './auth.repository.js';
import type { TokenSigner } from './tokens.js';

export interface MemberContext {
  memberId: bigint;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAuthService(deps: { db: Db; hasher: PasswordHasher; tokens: TokenSigner; now: () => Date }) {
  const { db, hasher, tokens, now } = deps;
  // Verifying against a real hash for unknown phones keeps the answer time the same as for
  // known ones, so timing does not reveal who is a member.
  const decoyHash = hasher.hash('decoy-password-for-unknown-phones');

  return {
    /** DESIGN §6: one answer for unknown phone and wrong password; only failures are counted. */
    async login(body: LoginBody, client: { ip: string; userAgent: string | null }): Promise<string> {
      const since = new Date(now().getTime() - LOGIN_LIMITS.windowMs);
      const [phoneFailures, ipFailures] = await Promise.all([
        repo.countRecentFailures(db, 'phone', body.username, since),
        repo.countRecentFailures(db, 'ip', client.ip, since),
      ]);
      if (phoneFailures >= LOGIN_LIMITS.maxFailuresPerPhone || ipFailures >= LOGIN_LIMITS.maxFailuresPerIp) {
        throw tooMany('REQUEST_LIMIT');
      }
      const member = await repo.findMemberByPhone(db, body.username);
      const passwordMatches = await hasher.verify(member?.password_hash ?? (await decoyHash), body.password);
      if (!member || !passwordMatches) {
        await repo.recordFailure(db, body.username, client.ip);
        throw unauthorized('WRONG_CREDENTIAL');
      }
      if (member.status !== 'active') throw forbidden('INACTIVE_USER');
      await repo.clearFailures(db, body.username);
      const expiresAt = new Date(now().getTime() + SESSION_LIFETIME_MS);
      const sessionId = await repo.createSession(db, { memberId: member.id, expiresAt, ...client });
      return tokens.sign('member', { subject: String(member.id), sessionId }, expiresAt);
    },

    async logout(context: MemberContext): Promise<void> {
      await repo.revokeSession(db, context.sessionId);
    },

    /** Token → member, or the DESIGN §4 401/403 codes. */
    async authenticate(token: string | undefined): Promise<MemberContext> {
      if (!token) throw unauthorized('UNAUTHORIZED');
      const check = await tokens.verify('member', token);
      if (!check.ok) throw unauthorized(check.reason === 'expired' ? 'EXPIRED_AUTH_TOKEN' : 'invalid-token');
      if (!UUID.test(check.claims.sessionId)) throw unauthorized('invalid-token');
      const session = await repo.findLiveSession(db, check.claims.sessionId, now());
      if (!session || String(session.member_id) !== check.claims.subject) throw unauthorized('invalid-token');
      if (session.status !== 'active') throw forbidden('INACTIVE_USER');
      return { memberId: session.member_id, sessionId: check.claims.sessionId };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
