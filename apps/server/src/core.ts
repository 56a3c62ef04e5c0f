import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SITE_PROFILES, type SiteProfile } from '@wallet/contract';
import type { GameProviderAdapter } from './adapters/game-provider.js';
import type { PaymentGateway } from './adapters/payment-gateway.js';
import { createDatabaseRevocationTransport, createRedisRevocationTransport } from './adapters/revocation-transport.js';
import type { SlipVerifier } from './adapters/slip-verifier.js';
import { type SmsSender, createHttpSmsSender } from './adapters/sms.js';
import type { AppConfig } from './config.js';
import type { Db, DatabaseHandle } from './db/database.js';
import { type AuditTrail, createAuditTrail } from './modules/audit/audit-writer.js';
import type { App } from './http/types.js';
import { type Metrics, createMetrics } from './metrics.js';
import { type AuditChain, createAuditChain } from './modules/audit/audit-chain.js';
import { auditSecret } from './modules/audit/audit-key.js';
import { type Members, createMembers } from './modules/account/members.js';
import { type OperatorNames, createOperatorNames } from './modules/admin/operator-names.js';
import { type PasswordHasher, createPasswordHasher } from './modules/auth/password.js';
import { type RevocationBus, createRevocationBus } from './modules/auth/revocation-bus.js';
import { type TokenSigner, createTokenSigner } from './modules/auth/tokens.js';
import { type Ledger, createLedger } from './modules/ledger/ledger.service.js';
import { type AttemptLimiter, createAttemptLimiter } from './modules/limits/attempt-limiter.js';
import type { OpenIntentReaders, Sweeps } from './modules/reconcile/reconciler.js';
import { type SettingsService, createSettingsService, serverSecret } from './modules/settings/settings.service.js';

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  /** The clock every rule reads; tests move it. */
  now?: () => Date;
  sms?: SmsSender;
  provider?: GameProviderAdapter;
  gateway?: PaymentGateway;
  slipVerifier?: SlipVerifier;
  hasher?: PasswordHasher;
}

/**
 * What every module may be built from. A module takes a `Pick<>` of it, so its entry says which
 * shared pieces it uses; services of other modules come as separate, equally narrow arguments.
 */
export interface Core {
  app: App;
  config: AppConfig;
  db: Db;
  now: () => Date;
  site: SiteProfile;
  /** The server's secret; `derivedSecret` gives each use its own key from it. */
  secret: string;
  derivedSecret(purpose: string): string;
  /** The keys webhooks are signed with: our receivers check them, the sandboxes sign with them. */
  webhookSecrets: { gateway: string; trueMoney: string };
  settings: SettingsService;
  /** The audit chain's keys (never in the database), and the writer every audited change goes through. */
  auditChain: AuditChain;
  auditTrail: AuditTrail;
  ledger: Ledger;
  /** The account module's port on the members table: the member's lock and what other modules read of the row. */
  members: Members;
  /** The admin module's port on the operators' table: names for lists of who proposed, decided or answered. */
  operatorNames: OperatorNames;
  limiter: AttemptLimiter;
  hasher: PasswordHasher;
  tokens: TokenSigner;
  /** Sessions revoked and accounts blocked, told to every node at once (started by the auth module). */
  revocations: RevocationBus;
  /** Background jobs: each module adds its sweeps; the reconciler runs them all (DESIGN §5). */
  jobs: Sweeps;
  /** What those jobs have still to finish, by kind: each owner adds a reader of its own tables (for metrics). */
  openIntents: OpenIntentReaders;
  /** Text messages to members (OTP codes, one-time passwords): several modules send them. */
  sms: SmsSender;
  /** Test doubles for outside services; a module builds the real adapter when one is absent. */
  adapters: Pick<AppDeps, 'provider' | 'gateway' | 'slipVerifier'>;
  /** The app's Prometheus registry: each module registers and updates its own metrics (docs/operations.md "Metrics"). */
  metrics: Metrics;
  /** This node's own address: the sandboxes' default base URL when no real service is configured. */
  ownAddress(): string;
}

export async function createCore(app: App, deps: AppDeps): Promise<Core> {
  const { config, database } = deps;
  const { db } = database;
  const now = deps.now ?? (() => new Date());
  const secret = config.jwtSecret ?? (await serverSecret(db));
  const derivedSecret = (purpose: string) => Buffer.from(crypto.hkdfSync('sha256', secret, 'wallet', purpose, 32)).toString('hex');
  const metrics = createMetrics(database);
  const limiter = createAttemptLimiter({ db, now, metrics });
  const auditChain = createAuditChain(auditSecret(config));
  const ownAddress = () => {
    const address = app.server.address() as AddressInfo | null;
    return `http://127.0.0.1:${address?.port ?? config.port}`;
  };
  const transportError = (error: unknown) => app.log.warn({ err: error }, 'revocation bus: transport unavailable; nodes fall back to reading the database');
  const revocations = createRevocationBus({
    transport: config.redisUrl
      ? createRedisRevocationTransport({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, onError: transportError })
      : createDatabaseRevocationTransport(database, transportError),
    onError: (error, what) => app.log.warn({ err: error }, what),
  });
  const members = createMembers();
  return {
    app,
    config,
    db,
    now,
    site: SITE_PROFILES[config.site],
    secret,
    derivedSecret,
    webhookSecrets: {
      gateway: config.gateway.webhookSecret ?? derivedSecret('gateway-webhook'),
      trueMoney: config.trueMoney.webhookSecret ?? derivedSecret('truemoney-webhook'),
    },
    settings: createSettingsService(db),
    auditChain,
    auditTrail: createAuditTrail(auditChain),
    ledger: createLedger(db, members, metrics),
    members,
    operatorNames: createOperatorNames(),
    limiter,
    hasher: deps.hasher ?? createPasswordHasher({ fast: config.fastHash }),
    tokens: createTokenSigner(secret, now),
    revocations,
    jobs: { attemptCounters: () => limiter.prune() },
    openIntents: {},
    sms: deps.sms ?? createHttpSmsSender({ baseUrl: () => config.sms.url ?? `${ownAddress()}/sandbox/sms`, apiKey: config.sms.apiKey }),
    adapters: { provider: deps.provider, gateway: deps.gateway, slipVerifier: deps.slipVerifier },
    metrics,
    ownAddress,
  };
}
