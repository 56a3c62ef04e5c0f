import { type CurrencyCode, LOGIN_LIMITS, SESSION_LIFETIME_MS, type LoginBody, walletCurrencyOf } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { forbidden, unauthorized } from '../../errors.js';
import type { AttemptLimiter } from '../limits/attempt-limiter.js';
import * as repo from './auth.repository.js';
import { createLoginGuard } from './login-guard.js';
import { createSessionCache } from './session-cache.js';
import { type PasswordHasher, createCredentialCheck } from './password.js';
import type { TokenSigner } from './tokens.js';

export interface MemberContext {
  memberId: bigint;
  sessionId: string;
  /** What the member's wallet holds: every amount they send or are shown is in it. */
  currency: CurrencyCode;
}

export interface LoginClient {
  ip: string;
  userAgent: string | null;
  deviceCookie: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAuthService(deps: {
  db: Db;
  hasher: PasswordHasher;
  tokens: TokenSigner;
  limiter: AttemptLimiter;
  secret: string;
  now: () => Date;
  /** How long this node trusts a session it has checked (0: ask the database on every call). */
  sessionCacheMs: number;
}) {
  const { db, tokens, now } = deps;
  const sessions = createSessionCache({ ttlMs: deps.sessionCacheMs, maxEntries: 100_000, now: () => now().getTime() });
  const credentialsMatch = createCredentialCheck(deps.hasher);
  const guard = createLoginGuard({
    limiter: deps.limiter,
    secret: deps.secret,
    scope: 'member',
    limits: {
      windowMs: LOGIN_LIMITS.windowMs,
      maxPerAccount: LOGIN_LIMITS.maxFailuresPerPhone,
      maxPerAddress: LOGIN_LIMITS.maxFailuresPerIp,
      maxPerDevice: LOGIN_LIMITS.maxFailuresPerDevice,
    },
  });

  return {
    /**
     * DESIGN §6: one answer for unknown phone and wrong password. The attempt is counted before
     * the password is checked and given back when it was right, so only failures count.
     */
    async login(body: LoginBody, client: LoginClient): Promise<{ token: string; deviceCookie: string }> {
      const attempt = await guard.begin({ account: body.username, address: client.ip, deviceCookie: client.deviceCookie });
      const member = await repo.findMemberByPhone(db, body.username);
      if (!(await credentialsMatch(member?.password_hash, body.password)) || !member) throw unauthorized('WRONG_CREDENTIAL');
      await attempt.release();
      if (member.status !== 'active') throw forbidden('INACTIVE_USER');
      const expiresAt = new Date(now().getTime() + SESSION_LIFETIME_MS);
      const sessionId = await repo.createSession(db, { memberId: member.id, expiresAt, ip: client.ip, userAgent: client.userAgent });
      const token = await tokens.sign('member', { subject: String(member.id), sessionId }, expiresAt);
      return { token, deviceCookie: attempt.deviceCookie };
    },

    async logout(context: MemberContext): Promise<void> {
      await repo.revokeSession(db, context.sessionId);
      sessions.forgetSession(context.sessionId);
    },

    /**
     * A blocked member, a reset password, or an operator's "sign out everywhere": every session ends,
     * in the caller's transaction. The caller calls `memberChanged` once that has committed.
     */
    revokeAllSessions: (trx: Db, memberId: bigint) => repo.revokeAllSessions(trx, memberId, now()),

    /** After a committed change to a member's sessions or status: this node asks the database again. */
    memberChanged: (memberId: bigint) => sessions.forgetMember(memberId),

    liveSessions: (memberId: bigint) => repo.liveSessionsOf(db, memberId, now()),

    /** After a password change: every session but the one that changed it ends, in the caller's transaction (then `memberChanged`). */
    revokeOtherSessions: (trx: Db, context: MemberContext) => repo.revokeOtherSessions(trx, context.memberId, context.sessionId),

    /** Token → member, or the DESIGN §4 401/403 codes. */
    async authenticate(token: string | undefined): Promise<MemberContext> {
      if (!token) throw unauthorized('UNAUTHORIZED');
      const check = await tokens.verify('member', token);
      if (!check.ok) throw unauthorized(check.reason === 'expired' ? 'EXPIRED_AUTH_TOKEN' : 'invalid-token');
      const { sessionId } = check.claims;
      if (!UUID.test(sessionId)) throw unauthorized('invalid-token');
      let session = sessions.get(sessionId);
      if (!session) {
        const row = await repo.findLiveSession(db, sessionId, now());
        if (!row) throw unauthorized('invalid-token');
        session = { memberId: row.member_id, status: row.status, currency: walletCurrencyOf(row.currency), expiresAt: row.expires_at.getTime() };
        sessions.remember(sessionId, session);
      }
      if (String(session.memberId) !== check.claims.subject) throw unauthorized('invalid-token');
      if (session.status !== 'active') throw forbidden('INACTIVE_USER');
      return { memberId: session.memberId, sessionId, currency: session.currency };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
