import { CURRENCIES, type CurrencyCode, SESSION_LIFETIME_MS, type LoginBody, walletCurrencyOf } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import type { MemberContext } from '../../http/context.js';
import { forbidden, unauthorized } from '../../errors.js';
import type { AttemptLimiter } from '../limits/attempt-limiter.js';
import * as repo from './auth.repository.js';
import { createMemberLoginGuard } from './login-guard.js';
import type { Members } from '../account/members.js';
import type { RevocationBus } from './revocation-bus.js';
import { createRevocationList } from './session-revocations.js';
import { type PasswordHasher, createCredentialCheck } from './password.js';
import type { TokenSigner } from './tokens.js';
import type { Metrics } from '../../metrics.js';

export interface LoginClient {
  ip: string;
  userAgent: string | null;
  deviceCookie: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEMBER_ID = /^[1-9]\d{0,18}$/;

export function createAuthService(deps: {
  db: Db;
  hasher: PasswordHasher;
  tokens: TokenSigner;
  limiter: AttemptLimiter;
  secret: string;
  now: () => Date;
  /** How often this node reads the revocation list, the longest it honours another node's revocation (0: ask the database on every call). */
  sessionCacheMs: number;
  /** Tells every node (this one first) of a revocation once it has committed. */
  revocations: Pick<RevocationBus, 'publish' | 'subscribe'>;
  members: Pick<Members, 'find' | 'credentials' | 'inactiveIds'>;
  onError: (error: unknown) => void;
  /** Where failed sign-ins are counted. */
  metrics?: Metrics;
}) {
  const { db, tokens, now } = deps;
  const revocations = createRevocationList({
    source: {
      revokedSince: (since) => repo.revokedSessionsSince(db, since),
      inactiveMembers: () => deps.members.inactiveIds(db),
      async stateOf(memberId) {
        const [member, sessions] = await Promise.all([deps.members.find(db, memberId), repo.revokedSessionsOf(db, memberId)]);
        return { status: member?.status, sessions };
      },
    },
    refreshMs: deps.sessionCacheMs,
    sessionLifetimeMs: SESSION_LIFETIME_MS,
    onError: deps.onError,
    now,
  });
  // First among the bus's subscribers: whoever acts on a revocation reads this list after it has it.
  deps.revocations.subscribe({
    async revoked(revocation) {
      if (revocation.kind !== 'member') return;
      if (revocation.session) revocations.revokedHere(revocation.session.id, revocation.session.expiresAt);
      else await revocations.memberChanged(BigInt(revocation.memberId));
    },
    resumed: () => revocations.refreshNow(),
  });
  const credentialsMatch = createCredentialCheck(deps.hasher);

  /** A live session with its member's status and wallet currency; undefined when it has ended (or has no member). */
  async function liveSession(sessionId: string) {
    const session = await repo.findLiveSession(db, sessionId, now());
    const member = session && (await deps.members.find(db, session.member_id));
    return member ? { member_id: session.member_id, status: member.status, currency: member.currency } : undefined;
  }
  const guard = createMemberLoginGuard(deps);

  return {
    /**
     * DESIGN §6: one answer for unknown phone and wrong password. The attempt is counted before
     * the password is checked and given back when it was right, so only failures count.
     */
    async login(body: LoginBody, client: LoginClient): Promise<{ token: string; deviceCookie: string }> {
      const attempt = await guard.begin({ account: body.username, address: client.ip, deviceCookie: client.deviceCookie });
      const member = await deps.members.credentials(db, body.username);
      if (!(await credentialsMatch(member?.password_hash, body.password)) || !member) throw attempt.failed('WRONG_CREDENTIAL');
      await attempt.release();
      if (member.status !== 'active') throw forbidden('INACTIVE_USER');
      const expiresAt = new Date(now().getTime() + SESSION_LIFETIME_MS);
      const sessionId = await repo.createSession(db, { memberId: member.id, expiresAt, ip: client.ip, userAgent: client.userAgent });
      const token = await tokens.sign('member', { subject: String(member.id), sessionId, currency: walletCurrencyOf(member.currency) }, expiresAt);
      return { token, deviceCookie: attempt.deviceCookie };
    },

    async logout(context: MemberContext): Promise<void> {
      await repo.revokeSession(db, context.sessionId);
      await deps.revocations.publish({ kind: 'member', memberId: String(context.memberId), session: { id: context.sessionId, expiresAt: now().getTime() + SESSION_LIFETIME_MS } });
    },

    /**
     * A blocked member, a reset password, or an operator's "sign out everywhere": every session ends,
     * in the caller's transaction. The caller calls `memberChanged` once that has committed.
     */
    revokeAllSessions: (trx: Db, memberId: bigint) => repo.revokeAllSessions(trx, memberId),

    /**
     * After a committed change to a member's sessions or status: this node's list has it before the
     * call answers, every other node as soon as the bus brings it, and their sockets are dropped.
     */
    memberChanged: (memberId: bigint) => deps.revocations.publish({ kind: 'member', memberId: String(memberId) }),

    /** Whether a session is still good (a socket opened with it asks again after a revocation). */
    async sessionStanding(memberId: bigint, sessionId: string): Promise<boolean> {
      const listed = revocations.check(sessionId, memberId);
      if (listed !== undefined) return listed === 'live';
      const row = await liveSession(sessionId);
      return row !== undefined && row.member_id === memberId && row.status === 'active';
    },

    /** The revocation list's reads, from when the server is ready until it closes. */
    startRevocations: () => revocations.start(),
    stopRevocations: () => revocations.stop(),

    liveSessions: (memberId: bigint) => repo.liveSessionsOf(db, memberId, now()),

    /** After a password change: every session but the one that changed it ends, in the caller's transaction (then `memberChanged`). */
    revokeOtherSessions: (trx: Db, context: MemberContext) => repo.revokeOtherSessions(trx, context.memberId, context.sessionId),

    /** Token → member, or the DESIGN §4 401/403 codes. */
    async authenticate(token: string | undefined): Promise<MemberContext> {
      if (!token) throw unauthorized('UNAUTHORIZED');
      const check = await tokens.verify('member', token);
      if (!check.ok) throw unauthorized(check.reason === 'expired' ? 'EXPIRED_AUTH_TOKEN' : 'invalid-token');
      const { sessionId, subject, currency } = check.claims;
      if (!UUID.test(sessionId) || !MEMBER_ID.test(subject)) throw unauthorized('invalid-token');
      // A token signed with the wallet's currency needs no query while the revocation list is in step.
      if (currency !== undefined && Object.hasOwn(CURRENCIES, currency)) {
        const memberId = BigInt(subject);
        const listed = revocations.check(sessionId, memberId);
        if (listed === 'revoked') throw unauthorized('invalid-token');
        if (listed === 'inactive') throw forbidden('INACTIVE_USER');
        if (listed === 'live') return { memberId, sessionId, currency: currency as CurrencyCode };
      }
      const row = await liveSession(sessionId);
      if (!row || String(row.member_id) !== subject) throw unauthorized('invalid-token');
      if (row.status !== 'active') throw forbidden('INACTIVE_USER');
      return { memberId: row.member_id, sessionId, currency: walletCurrencyOf(row.currency) };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
