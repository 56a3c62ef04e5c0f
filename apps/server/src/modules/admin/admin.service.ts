import crypto from 'node:crypto';
import { SESSION_LIFETIME_MS, type SiteSettingsBody } from '@wallet/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { forbidden, unauthorized } from '../../errors.js';
import type { PasswordHasher } from '../auth/password.js';
import type { TokenSigner } from '../auth/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import { recordAudit } from './audit.js';

export interface AdminContext {
  adminId: bigint;
  username: string;
  role: 'admin' | 'finance' | 'support';
}

export function createAdminService(deps: {
  db: Db;
  hasher: PasswordHasher;
  tokens: TokenSigner;
  settings: SettingsService;
  now: () => Date;
}) {
  const { db, hasher, tokens, now } = deps;

  const audit = (actor: AdminContext, action: string, detail: unknown) => recordAudit(db, actor.username, action, detail);

  return {
    /**
     * DESIGN §7: the first operator comes from ADMIN_USERNAME/ADMIN_PASSWORD, or gets a generated
     * password that is answered (and printed by main) once.
     */
    async ensureFirstOperator(configured: { username?: string | undefined; password?: string | undefined }) {
      const existing = await db.selectFrom('admin_users').select('id').limit(1).executeTakeFirst();
      if (existing) return undefined;
      const username = configured.username ?? 'admin';
      const password = configured.password ?? crypto.randomBytes(12).toString('base64url');
      await db
        .insertInto('admin_users')
        .values({ username, password_hash: await hasher.hash(password), role: 'admin' })
        .onConflict((oc) => oc.column('username').doNothing())
        .execute();
      return configured.password ? { username } : { username, generatedPassword: password };
    },

    async login(username: string, password: string): Promise<string> {
      const admin = await db
        .selectFrom('admin_users')
        .select(['id', 'password_hash'])
        .where('username', '=', username)
        .executeTakeFirst();
      if (!admin || !(await hasher.verify(admin.password_hash, password))) throw unauthorized('WRONG_CREDENTIAL');
      const expiresAt = new Date(now().getTime() + SESSION_LIFETIME_MS);
      const session = await db
        .insertInto('admin_sessions')
        .values({ admin_id: admin.id, expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit({ adminId: admin.id, username, role: 'admin' }, 'login', {});
      return tokens.sign('admin', { subject: String(admin.id), sessionId: session.id }, expiresAt);
    },

    async authenticate(token: string | undefined): Promise<AdminContext> {
      if (!token) throw unauthorized('UNAUTHORIZED');
      const check = await tokens.verify('admin', token);
      if (!check.ok) throw unauthorized(check.reason === 'expired' ? 'EXPIRED_AUTH_TOKEN' : 'invalid-token');
      const row = await db
        .selectFrom('admin_sessions')
        .innerJoin('admin_users', 'admin_users.id', 'admin_sessions.admin_id')
        .select(['admin_users.id', 'admin_users.username', 'admin_users.role'])
        .where('admin_sessions.id', '=', sql<string>`${check.claims.sessionId}::uuid`)
        .where('admin_sessions.revoked_at', 'is', null)
        .where('admin_sessions.expires_at', '>', now())
        .executeTakeFirst();
      if (!row) throw unauthorized('invalid-token');
      return { adminId: row.id, username: row.username, role: row.role };
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
