import crypto from 'node:crypto';
import type { OperatorSessionsResponse, SiteSettingsBody } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { forbidden, notFound, unauthorized } from '../../errors.js';
import { createLoginGuard } from '../auth/login-guard.js';
import { type PasswordHasher, createCredentialCheck } from '../auth/password.js';
import type { TokenSigner } from '../auth/tokens.js';
import type { AttemptLimiter } from '../limits/attempt-limiter.js';
import type { SettingsService } from '../settings/settings.service.js';
import * as repo from './admin.repository.js';
import { recordAudit } from '../../http/audit.js';

export interface AdminContext {
  adminId: bigint;
  username: string;
  role: 'admin' | 'finance' | 'support';
  sessionId: string;
}

/** Fewer operators than members share an address, and an operator account opens the money. */
const OPERATOR_LOGIN_LIMITS = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20, maxPerDevice: 5 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAdminService(deps: {
  db: Db;
  hasher: PasswordHasher;
  tokens: TokenSigner;
  settings: SettingsService;
  limiter: AttemptLimiter;
  secret: string;
  /** How long an operator token lives (config ADMIN_SESSION_HOURS). */
  sessionLifetimeMs: number;
  now: () => Date;
}) {
  const { db, hasher, tokens, now } = deps;
  const credentialsMatch = createCredentialCheck(hasher);
  const guard = createLoginGuard({ limiter: deps.limiter, secret: deps.secret, scope: 'operator', limits: OPERATOR_LOGIN_LIMITS });

  const audit = (actor: AdminContext, action: string, detail: unknown) => recordAudit(db, actor.username, action, detail);

  return {
    /**
     * DESIGN §7: the first operator comes from ADMIN_USERNAME/ADMIN_PASSWORD, or gets a generated
     * password that is answered (and printed by main) once.
     */
    async ensureFirstOperator(configured: { username?: string | undefined; password?: string | undefined }) {
      if (await repo.anyOperatorExists(db)) return undefined;
      const username = configured.username ?? 'admin';
      const password = configured.password ?? crypto.randomBytes(12).toString('base64url');
      await repo.insertOperatorIfAbsent(db, { username, passwordHash: await hasher.hash(password), role: 'admin' });
      return configured.password ? { username } : { username, generatedPassword: password };
    },

    /** Like member login: counted before the password is checked, and a decoy hash for unknown names. */
    async login(
      username: string,
      password: string,
      client: { ip: string; userAgent: string | null; deviceCookie: string | undefined },
    ): Promise<{ token: string; deviceCookie: string }> {
      const attempt = await guard.begin({ account: username, address: client.ip, deviceCookie: client.deviceCookie });
      const operator = await repo.findOperatorByName(db, username);
      if (!(await credentialsMatch(operator?.password_hash, password)) || !operator) throw unauthorized('WRONG_CREDENTIAL');
      await attempt.release();
      const expiresAt = new Date(now().getTime() + deps.sessionLifetimeMs);
      const sessionId = await repo.createOperatorSession(db, { adminId: operator.id, expiresAt, ip: client.ip, userAgent: client.userAgent });
      await audit({ adminId: operator.id, username, role: operator.role, sessionId }, 'login', { ip: client.ip });
      const token = await tokens.sign('admin', { subject: String(operator.id), sessionId }, expiresAt);
      return { token, deviceCookie: attempt.deviceCookie };
    },

    async authenticate(token: string | undefined): Promise<AdminContext> {
      if (!token) throw unauthorized('UNAUTHORIZED');
      const check = await tokens.verify('admin', token);
      if (!check.ok) throw unauthorized(check.reason === 'expired' ? 'EXPIRED_AUTH_TOKEN' : 'invalid-token');
      if (!UUID.test(check.claims.sessionId)) throw unauthorized('invalid-token');
      const row = await repo.findLiveOperatorSession(db, check.claims.sessionId, now());
      if (!row || String(row.id) !== check.claims.subject) throw unauthorized('invalid-token');
      return { adminId: row.id, username: row.username, role: row.role, sessionId: check.claims.sessionId };
    },

    async logout(actor: AdminContext): Promise<void> {
      await repo.revokeOperatorSession(db, actor.adminId, actor.sessionId, now());
      await audit(actor, 'logout', {});
    },

    async sessions(actor: AdminContext): Promise<OperatorSessionsResponse> {
      const rows = await repo.listLiveOperatorSessions(db, actor.adminId, now());
      return {
        sessions: rows.map((row) => ({
          _id: row.id,
          createdAt: row.created_at.toISOString(),
          expiresAt: row.expires_at.toISOString(),
          ip: row.ip,
          userAgent: row.user_agent,
          current: row.id === actor.sessionId,
        })),
      };
    },

    /** An operator revokes one of their own sessions (a token left on another machine, or leaked). */
    async revokeSession(actor: AdminContext, sessionId: string): Promise<void> {
      if (!(await repo.revokeOperatorSession(db, actor.adminId, sessionId, now()))) throw notFound('NO_DATA');
      await audit(actor, 'revoke-session', { sessionId });
    },

    siteSettings: () => deps.settings.site(),

    async updateSiteSettings(actor: AdminContext, change: SiteSettingsBody) {
      if (actor.role !== 'admin') throw forbidden('UNAUTHORIZED');
      const updated = await deps.settings.updateSite(change);
      await audit(actor, 'site-settings', change);
      return updated;
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
