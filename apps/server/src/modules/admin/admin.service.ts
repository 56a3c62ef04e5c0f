import crypto from 'node:crypto';
import type {
  CreateOperatorBody,
  OperatorItem,
  OperatorRole,
  OperatorSessionsResponse,
  SiteSettingsBody,
  UpdateOperatorBody,
} from '@wallet/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Db, Trx } from '../../db/database.js';
import type { AdminContext } from '../../http/context.js';
import { conflict, notFound, unauthorized } from '../../errors.js';
import { createLoginGuard } from '../auth/login-guard.js';
import { type PasswordHasher, createCredentialCheck } from '../auth/password.js';
import type { RevocationBus } from '../auth/revocation-bus.js';
import type { TokenSigner } from '../auth/tokens.js';
import type { AttemptLimiter } from '../limits/attempt-limiter.js';
import type { ApprovalService } from '../approvals/approvals.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ProtectionDefaults } from '../protection/site-defaults.js';
import * as repo from './admin.repository.js';
import type { SecondFactor } from './second-factor.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import type { Metrics } from '../../metrics.js';

/** Fewer operators than members share an address, and an operator account opens the money. */
const OPERATOR_LOGIN_LIMITS = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20, maxPerDevice: 5 };

/** The audit action of a settings change: the settings history is these entries. */
export const SETTINGS_CHANGE = 'site-settings';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAdminService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  hasher: PasswordHasher;
  tokens: TokenSigner;
  settings: SettingsService;
  /** The site profile's player-protection defaults, shown beside the settings that are unset. */
  protectionDefaults: ProtectionDefaults;
  /** Settings that pay money above the thresholds, or loosen player protection, wait for a second operator. */
  approvals: Pick<ApprovalService, 'changeSettings'>;
  limiter: AttemptLimiter;
  secret: string;
  /** How long an operator token lives (config ADMIN_SESSION_HOURS). */
  sessionLifetimeMs: number;
  /** Seals the operators' TOTP keys at rest. */
  totpSecrets: SecretBox;
  secondFactor: SecondFactor;
  /** An operator's sockets on every node are dropped when their session or access ends. */
  revocations: Pick<RevocationBus, 'publish'>;
  now: () => Date;
  /** Where failed sign-ins are counted. */
  metrics?: Metrics;
}) {
  const { db, hasher, tokens, now, secondFactor } = deps;
  const credentialsMatch = createCredentialCheck(hasher);
  const guard = createLoginGuard({ limiter: deps.limiter, secret: deps.secret, scope: 'operator', limits: OPERATOR_LOGIN_LIMITS, metrics: deps.metrics });

  const audit = (actor: AdminContext, action: string, detail: unknown, trx: Trx) => deps.auditTrail.record(trx, actor, action, detail);
  const revoked = (operatorId: bigint) => deps.revocations.publish({ kind: 'operator', operatorId: String(operatorId) });

  /** An authenticator code (each time step once) or an unused recovery code. */
  async function secondFactorPasses(adminId: bigint, sealedSecret: string, code: string): Promise<boolean> {
    if (secondFactor.isRecoveryCodeShape(code)) return repo.useRecoveryCode(db, adminId, secondFactor.hashRecoveryCode(code), now());
    const step = await secondFactor.check(deps.totpSecrets.open(sealedSecret), code);
    return step !== null && repo.takeTotpStep(db, adminId, step);
  }

  return {
    /**
     * DESIGN §7: the first operator comes from ADMIN_USERNAME/ADMIN_PASSWORD, or gets a generated
     * password that is answered (and printed by main) once.
     */
    async ensureFirstOperator(configured: { username?: string | undefined; password?: string | undefined }) {
      if (await repo.anyOperatorExists(db)) return undefined;
      const username = configured.username ?? 'admin';
      const password = configured.password ?? crypto.randomBytes(12).toString('base64url');
      await repo.insertOperatorIfAbsent(db, { username, passwordHash: await hasher.hash(password), roles: ['admin'] });
      return configured.password ? { username } : { username, generatedPassword: password };
    },

    /**
     * Like member login: counted before the password is checked, and a decoy hash for unknown
     * names. With the second factor on, a right password without a code answers TOTP_REQUIRED
     * (the attempt given back: the console then asks for the code); a wrong code counts as a
     * failed attempt, so codes cannot be guessed faster than passwords.
     */
    async login(
      username: string,
      password: string,
      client: { ip: string; userAgent: string | null; deviceCookie: string | undefined; code?: string | undefined },
    ): Promise<{ token: string; deviceCookie: string }> {
      const attempt = await guard.begin({ account: username, address: client.ip, deviceCookie: client.deviceCookie });
      const operator = await repo.findOperatorByName(db, username);
      if (!(await credentialsMatch(operator?.password_hash, password)) || !operator) throw attempt.failed('WRONG_CREDENTIAL');
      if (operator.totp_enabled_at && operator.totp_secret) {
        if (!client.code) {
          await attempt.release();
          throw unauthorized('TOTP_REQUIRED');
        }
        if (!(await secondFactorPasses(operator.id, operator.totp_secret, client.code))) throw attempt.failed('TOTP_INVALID');
      }
      await attempt.release();
      const expiresAt = new Date(now().getTime() + deps.sessionLifetimeMs);
      const sessionId = await db.transaction().execute(async (trx) => {
        const created = await repo.createOperatorSession(trx, { adminId: operator.id, expiresAt, ip: client.ip, userAgent: client.userAgent });
        await audit({ adminId: operator.id, username, roles: operator.roles, sessionId: created, ip: client.ip }, 'login', { ip: client.ip }, trx);
        return created;
      });
      const token = await tokens.sign('admin', { subject: String(operator.id), sessionId }, expiresAt);
      return { token, deviceCookie: attempt.deviceCookie };
    },

    async authenticate(token: string | undefined, ip: string): Promise<AdminContext> {
      if (!token) throw unauthorized('UNAUTHORIZED');
      const check = await tokens.verify('admin', token);
      if (!check.ok) throw unauthorized(check.reason === 'expired' ? 'EXPIRED_AUTH_TOKEN' : 'invalid-token');
      if (!UUID.test(check.claims.sessionId)) throw unauthorized('invalid-token');
      const row = await repo.findLiveOperatorSession(db, check.claims.sessionId, now());
      if (!row || String(row.id) !== check.claims.subject) throw unauthorized('invalid-token');
      return { adminId: row.id, username: row.username, roles: row.roles, sessionId: check.claims.sessionId, ip };
    },

    /** The roles an operator's session still carries, or undefined when it has ended (asked again after a revocation). */
    async sessionStanding(operatorId: bigint, sessionId: string): Promise<readonly OperatorRole[] | undefined> {
      if (!UUID.test(sessionId)) return undefined;
      const row = await repo.findLiveOperatorSession(db, sessionId, now());
      return row && row.id === operatorId ? row.roles : undefined;
    },

    async logout(actor: AdminContext): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await repo.revokeOperatorSession(trx, actor.adminId, actor.sessionId, now());
        await audit(actor, 'logout', {}, trx);
      });
      await revoked(actor.adminId);
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
      await db.transaction().execute(async (trx) => {
        if (!(await repo.revokeOperatorSession(trx, actor.adminId, sessionId, now()))) throw notFound('NO_DATA');
        await audit(actor, 'revoke-session', { sessionId }, trx);
      });
      await revoked(actor.adminId);
    },

    siteSettings: async () => ({ ...(await deps.settings.site()), protectionDefaults: deps.protectionDefaults }),

    /**
     * A change and its audit entry (before and after of each key that changed) in one transaction,
     * or, for settings that pay money above the thresholds or loosen player protection, a proposal
     * for a second operator.
     */
    async updateSiteSettings(actor: AdminContext, change: SiteSettingsBody) {
      const outcome = await deps.approvals.changeSettings(actor, change, SETTINGS_CHANGE);
      return 'pending' in outcome ? outcome : { applied: { ...outcome.applied, protectionDefaults: deps.protectionDefaults } };
    },

    async me(actor: AdminContext) {
      const operator = await repo.findOperator(db, actor.adminId);
      if (!operator) throw notFound('NO_DATA');
      return { _id: String(operator.id), username: operator.username, roles: operator.roles, totp: operator.totp_enabled_at !== null };
    },

    async listOperators(): Promise<{ operators: OperatorItem[] }> {
      return { operators: (await repo.listOperators(db)).map(toOperatorItem) };
    },

    async createOperator(actor: AdminContext, body: CreateOperatorBody): Promise<OperatorItem> {
      const passwordHash = await hasher.hash(body.password);
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertOperatorIfAbsent(trx, { username: body.username, passwordHash, roles: distinct(body.roles), createdBy: actor.adminId });
        if (id === undefined) throw conflict('OPERATOR_EXISTS');
        await deps.auditTrail.record(trx, actor, 'operator.create', { id: String(id), username: body.username, roles: body.roles });
        return toOperatorItem((await repo.findOperator(trx, id))!);
      });
    },

    /**
     * Roles, disabling, a new password or a cleared second factor. Disabling or a new password
     * ends the operator's sessions. The last active admin can neither lose the role nor be
     * disabled, so the console always has someone who can manage it.
     */
    async updateOperator(actor: AdminContext, id: bigint, change: UpdateOperatorBody): Promise<OperatorItem> {
      const passwordHash = change.password ? await hasher.hash(change.password) : undefined;
      const updated = await db.transaction().execute(async (trx) => {
        const before = await repo.lockOperator(trx, id);
        if (!before) throw notFound('NO_DATA');
        const losesAdmin = before.roles.includes('admin') && before.disabled_at === null && (change.disabled === true || (change.roles !== undefined && !change.roles.includes('admin')));
        if (losesAdmin && (await repo.otherActiveAdmins(trx, id)) === 0) throw conflict('LAST_ADMIN');
        const after = await repo.updateOperator(trx, id, {
          ...(change.roles ? { roles: distinct(change.roles) } : {}),
          ...(change.disabled !== undefined ? { disabledAt: change.disabled ? (before.disabled_at ?? now()) : null } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          ...(change.resetSecondFactor ? { clearSecondFactor: true } : {}),
        });
        if (change.disabled || passwordHash) await repo.revokeAllOperatorSessions(trx, id, now());
        await deps.auditTrail.record(trx, actor, 'operator.update', {
          id: String(id),
          before: { roles: before.roles, disabled: before.disabled_at !== null, totp: before.totp_enabled_at !== null },
          after: { roles: after.roles, disabled: after.disabled_at !== null, totp: after.totp_enabled_at !== null },
          passwordChanged: passwordHash !== undefined,
        });
        return toOperatorItem(after);
      });
      // Disabled, a new password, or roles that may no longer include chat: every node re-reads them.
      if (change.disabled || passwordHash || change.roles) await revoked(id);
      return updated;
    },

    /** A new authenticator key, pending until a first code from it is confirmed. */
    async startSecondFactor(actor: AdminContext) {
      const fresh = await secondFactor.newSecret(actor.username);
      if (!(await repo.setPendingTotp(db, actor.adminId, deps.totpSecrets.seal(fresh.secret)))) throw conflict('KEY_INVALID');
      return fresh;
    },

    async enableSecondFactor(actor: AdminContext, code: string): Promise<{ recoveryCodes: string[] }> {
      const { totp_secret: sealed, totp_enabled_at: enabledAt } = await repo.totpOf(db, actor.adminId);
      if (!sealed || enabledAt) throw conflict('KEY_INVALID');
      const step = await secondFactor.check(deps.totpSecrets.open(sealed), code);
      if (step === null || !(await repo.takeTotpStep(db, actor.adminId, step))) throw unauthorized('TOTP_INVALID');
      const recovery = secondFactor.newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await repo.enableTotp(trx, actor.adminId, now(), recovery.hashes);
        await audit(actor, 'totp.enable', {}, trx);
      });
      return { recoveryCodes: recovery.codes };
    },

    async disableSecondFactor(actor: AdminContext, code: string): Promise<void> {
      const { totp_secret: sealed, totp_enabled_at: enabledAt } = await repo.totpOf(db, actor.adminId);
      if (!sealed || !enabledAt) throw conflict('KEY_INVALID');
      if (!(await secondFactorPasses(actor.adminId, sealed, code))) throw unauthorized('TOTP_INVALID');
      await db.transaction().execute(async (trx) => {
        await repo.disableTotp(trx, actor.adminId);
        await audit(actor, 'totp.disable', {}, trx);
      });
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

const distinct = (roles: OperatorRole[]): OperatorRole[] => [...new Set(roles)];

function toOperatorItem(row: { id: bigint; username: string; roles: OperatorRole[]; disabled_at: Date | null; totp_enabled_at: Date | null; created_at: Date }): OperatorItem {
  return {
    _id: String(row.id),
    username: row.username,
    roles: row.roles,
    disabled: row.disabled_at !== null,
    totp: row.totp_enabled_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}
