import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { type ZodTypeProvider, serializerCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION, type Language } from '@wallet/contract';
import { type GameProviderAdapter, createHttpGameProvider } from './adapters/game-provider.js';
import { type PaymentGateway, createHttpPaymentGateway } from './adapters/payment-gateway.js';
import { type SmsSender, createHttpSmsSender } from './adapters/sms.js';
import { type SlipVerifier, createHttpSlipVerifier } from './adapters/slip-verifier.js';
import { createHttpTrueMoney } from './adapters/truemoney.js';
import { createFolderStorage } from './adapters/upload-storage.js';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { registerErrorHandling } from './http/errors.js';
import { bearerToken, registerAuthentication } from './http/member-auth.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerOpenApiConventions, swaggerOptions } from './http/openapi.js';
import type { App } from './http/types.js';
import { validatorCompiler } from './http/validation.js';
import { registerAccountRoutes } from './modules/account/account.routes.js';
import { createAccountService } from './modules/account/account.service.js';
import { registerAdminRoutes } from './modules/admin/admin.routes.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { type PasswordHasher, createPasswordHasher } from './modules/auth/password.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { registerLookupRoutes } from './modules/lookup/lookup.routes.js';
import { createLookupService } from './modules/lookup/lookup.service.js';
import { createAttemptLimiter } from './modules/limits/attempt-limiter.js';
import { registerOtpRoutes } from './modules/otp/otp.routes.js';
import { createOtpService } from './modules/otp/otp.service.js';
import { readOrCreateSetting } from './modules/settings/settings.repository.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createLedger } from './modules/ledger/ledger.service.js';
import { type Reconciler, createReconciler } from './modules/reconcile/reconciler.js';
import { createProviderTransfers } from './modules/wallet/provider-transfers.js';
import { createSecretBox } from './modules/wallet/secrets.js';
import { registerDepositRoutes } from './modules/deposit/deposit.routes.js';
import { createDepositService } from './modules/deposit/deposit.service.js';
import { registerManualDepositRoutes } from './modules/deposit/manual-deposit.routes.js';
import { createManualDepositService } from './modules/deposit/manual-deposit.service.js';
import { registerSlipRoutes } from './modules/deposit/slip.routes.js';
import { createSlipService } from './modules/deposit/slip.service.js';
import { createTrueMoneyTransferService } from './modules/deposit/truemoney-transfer.service.js';
import { createTruelinkService } from './modules/deposit/truelink.service.js';
import { registerStatementRoutes } from './modules/statement/statement.routes.js';
import { registerProviderMedia } from './modules/wallet/media.routes.js';
import { registerWithdrawAdminRoutes } from './modules/withdraw/withdraw.admin.routes.js';
import { registerWithdrawRoutes } from './modules/withdraw/withdraw.routes.js';
import { createWithdrawService } from './modules/withdraw/withdraw.service.js';
import { registerWalletRoutes } from './modules/wallet/wallet.routes.js';
import { createWalletService } from './modules/wallet/wallet.service.js';
import { registerFundingSandbox } from './sandbox/funding.sandbox.js';
import { registerGatewaySandbox } from './sandbox/gateway.sandbox.js';
import { registerBankSandbox } from './sandbox/bank.sandbox.js';
import { registerTrueMoneySandbox } from './sandbox/truemoney.sandbox.js';
import { registerProviderSandbox } from './sandbox/provider.sandbox.js';
import { registerSmsSandbox } from './sandbox/sms.sandbox.js';

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
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function: the socket peer is hop 0,
 * then X-Forwarded-For from the right, and the first hop past the count is the client. (Fastify 5
 * now refuses a bare number, since a client that reaches the node directly could claim hops; the
 * count is for nodes only the proxies can reach, docs/operations.md.)
 */
function trustedProxies(setting: AppConfig['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Paths that keep working after the operator terminates the site. */
function survivesTermination(url: string): boolean {
  // Payments that arrive after termination are still credited: the money did arrive.
  return url.startsWith('/api/admin/') || url.startsWith('/api/docs') || url.startsWith('/api/lookup/active') || url.startsWith('/api/webhooks/');
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const { db } = database;
  const now = deps.now ?? (() => new Date());

  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 64 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    // A path that is not valid percent-encoding (a lone surrogate's bytes) never reaches a route:
    // it gets the same `{ message }` answer as any other malformed input.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({ message: 'KEY_INVALID' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are private and change (a 410 gone is cacheable by default): never cache them.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // sonner and React set inline styles; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        // TLS is ended by the load balancer; upgrading would break plain-http local use.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  // Members are on phone data: JSON answers and the web app's files go out compressed.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const secret = config.jwtSecret ?? String(await readOrCreateSetting(db, 'jwtSecret', () => crypto.randomBytes(48).toString('base64url')));
  const tokens = createTokenSigner(secret, now);

  // A flood guard: per member when signed in (a carrier NAT puts thousands of members behind one
  // address), per address otherwise. The key comes from a token's verified signature, never from
  // the bare header: a made-up token is counted against its address. The limits that protect
  // members (login, OTP) are in the database.
  // Several nodes count together in Redis when there is one (DESIGN §8); a Redis outage lets
  // requests through rather than locking every member out.
  const rateLimitStore = config.redisUrl ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
  rateLimitStore?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unavailable'));
  if (rateLimitStore) app.addHook('onClose', async () => void rateLimitStore.disconnect());
  await app.register(rateLimit, {
    ...(rateLimitStore ? { redis: rateLimitStore, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
    timeWindow: '1 minute',
    max: (_request, key) => (key.startsWith('address:') ? config.floodLimits.addressPerMinute : config.floodLimits.memberPerMinute),
    keyGenerator: async (request) => {
      const token = bearerToken(request);
      const holder = token ? await tokens.holder(token) : undefined;
      return holder ? `${holder.audience}:${holder.subject}` : `address:${request.ip}`;
    },
    allowList: (request) => request.url.startsWith('/sandbox/') || request.url === '/healthz' || request.url === '/readyz',
  });
  await app.register(swagger, { ...swaggerOptions, openapi: { ...swaggerOptions.openapi, info: { ...swaggerOptions.openapi!.info!, version: APP_VERSION } } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const settings = createSettingsService(db);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || survivesTermination(request.url)) return;
    if ((await settings.site()).terminated) return reply.status(410).send({ message: 'gone' });
  });

  const hasher = deps.hasher ?? createPasswordHasher({ fast: config.fastHash });
  const defaultLanguage: Language = config.site === 'la' ? 'lo' : 'th';
  const ownAddress = () => {
    const address = app.server.address() as AddressInfo | null;
    return `http://127.0.0.1:${address?.port ?? config.port}`;
  };
  const sms = deps.sms ?? createHttpSmsSender({ baseUrl: () => config.sms.url ?? `${ownAddress()}/sandbox/sms`, apiKey: config.sms.apiKey });

  const limiter = createAttemptLimiter({ db, now });
  const auth = createAuthService({ db, hasher, tokens, limiter, secret, now });
  const admin = createAdminService({ db, hasher, tokens, settings, limiter, secret, sessionLifetimeMs: config.adminSessionMs, now });
  registerAuthentication(app, { members: auth, operators: admin });
  registerIdempotency(app, db);
  registerOpenApiConventions(app, { survivesTermination });
  const lookup = createLookupService({ db, settings, site: config.site, now });
  const account = createAccountService({ db, hasher, limiter, settings, site: config.site, now });
  const otp = createOtpService({
    db,
    sms,
    pepper: secret,
    site: config.site,
    now,
    limiter,
    sendsPerAddressPerHour: config.otpSendsPerAddressPerHour,
    checkPhone: (phone) => account.checkNewPhone(phone),
    log: app.log,
  });

  const ledger = createLedger(db);
  const provider =
    deps.provider ??
    createHttpGameProvider({
      baseUrl: () => config.provider.url ?? `${ownAddress()}/sandbox/provider/api`,
      ...(config.provider.apiKey ? { apiKey: config.provider.apiKey } : {}),
      timeoutMs: config.provider.timeoutMs,
    });
  const providerTransfers = createProviderTransfers({
    db,
    ledger,
    provider,
    now,
    log: app.log,
    reconcileAfterMs: config.reconcile.afterMs,
    notFoundGraceMs: config.reconcile.notFoundGraceMs,
    duplicateWaitMs: config.provider.timeoutMs + 500,
  });
  const wallet = createWalletService({
    db,
    ledger,
    provider,
    transfers: providerTransfers,
    secrets: createSecretBox(secret),
    inviteRule: async () => {
      const site = await settings.site();
      return { success: site.inviteSuccessPercent, fail: site.inviteFailPercent };
    },
  });

  registerLookupRoutes(app, lookup, defaultLanguage);
  registerAuthRoutes(app, auth);
  registerAccountRoutes(app, account);
  registerOtpRoutes(app, otp, defaultLanguage);
  registerAdminRoutes(app, admin);
  registerWalletRoutes(app, wallet);
  registerProviderMedia(app, db);
  const withdrawals = createWithdrawService({ db, ledger, settings, wallet });
  registerWithdrawRoutes(app, withdrawals);
  registerWithdrawAdminRoutes(app, withdrawals);
  registerStatementRoutes(app, db);
  const gateway =
    deps.gateway ??
    createHttpPaymentGateway({
      baseUrl: () => config.gateway.url ?? `${ownAddress()}/sandbox/gateway/api`,
      ...(config.gateway.apiKey ? { apiKey: config.gateway.apiKey } : {}),
      timeoutMs: 10_000,
    });
  const webhookSecret = config.gateway.webhookSecret ?? Buffer.from(crypto.hkdfSync('sha256', secret, 'wallet', 'gateway-webhook', 32)).toString('hex');
  const deposits = createDepositService({ db, ledger, gateway, now, log: app.log, reconcileAfterMs: config.reconcile.afterMs });
  const truelink = createTruelinkService({
    db,
    ledger,
    trueMoney: createHttpTrueMoney({ baseUrl: () => config.trueMoney.url ?? `${ownAddress()}/sandbox/truemoney/api`, timeoutMs: config.trueMoney.timeoutMs }),
    secret: config.trueMoney.linkKey,
    receivingMobile: config.trueMoney.mobile,
    now,
    log: app.log,
    leaseMs: config.trueMoney.timeoutMs + 2_000,
    reconcileAfterMs: config.reconcile.afterMs,
    giveUpAfterMs: config.reconcile.notFoundGraceMs,
  });
  const trueMoneyWebhookSecret = config.trueMoney.webhookSecret ?? Buffer.from(crypto.hkdfSync('sha256', secret, 'wallet', 'truemoney-webhook', 32)).toString('hex');
  const walletTransfers = createTrueMoneyTransferService({ db, ledger, log: app.log });
  registerDepositRoutes(app, { deposits, truelink, walletTransfers }, { webhookSecret, trueMoneyWebhookSecret, now });
  registerManualDepositRoutes(app, createManualDepositService({ db, ledger, settings }));
  const slips = createSlipService({
    db,
    ledger,
    settings,
    storage: createFolderStorage(config.uploadDir),
    verifier:
      deps.slipVerifier ??
      createHttpSlipVerifier({
        baseUrl: () => config.slipVerifier.url ?? `${ownAddress()}/sandbox/bank/api`,
        ...(config.slipVerifier.apiKey ? { apiKey: config.slipVerifier.apiKey } : {}),
        timeoutMs: 20_000,
      }),
    now,
    linkSecret: Buffer.from(crypto.hkdfSync('sha256', secret, 'wallet', 'slip-image-links', 32)).toString('hex'),
    log: app.log,
    unfinishedAfterMs: config.slipVerifier.resumeAfterMs,
  });
  registerSlipRoutes(app, slips);
  if (config.sandboxes) {
    registerSmsSandbox(app, db);
    await registerProviderSandbox(app, db);
    registerFundingSandbox(app, db, ledger);
    registerTrueMoneySandbox(app, db, { webhookUrl: () => `${ownAddress()}/api/webhooks/truemoney`, webhookSecret: trueMoneyWebhookSecret });
    registerBankSandbox(app, db, { now });
    registerGatewaySandbox(app, db, { webhookUrl: () => `${ownAddress()}/api/webhooks/gateway`, webhookSecret });
  }
  const reconciler = createReconciler(
    {
      providerTransfers: () => providerTransfers.reconcile(),
      giftLinks: () => truelink.reconcile(),
      qrPayments: () => deposits.reconcile(),
      slips: () => slips.resumeUnfinished(),
      attemptCounters: () => limiter.prune(),
    },
    app.log,
  );
  scheduleReconciler(app, () => reconciler.run(), config.reconcile.intervalMs);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await db.selectFrom('settings').select('key').limit(1).execute();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  registerWebApp(app, config.webDist);
  app.decorate('adminService', admin);
  app.decorate('ledger', ledger);
  app.decorate('providerTransfers', providerTransfers);
  app.decorate('slips', slips);
  app.decorate('reconciler', reconciler);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    adminService: ReturnType<typeof createAdminService>;
    ledger: ReturnType<typeof createLedger>;
    providerTransfers: ReturnType<typeof createProviderTransfers>;
    slips: ReturnType<typeof createSlipService>;
    reconciler: Reconciler;
  }
}

/** DESIGN §5: the reconciler runs at start and then every interval, on every node (every sweep is idempotent). */
function scheduleReconciler(app: App, reconcile: () => Promise<unknown>, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await reconcile();
    } catch (error) {
      app.log.error({ err: error }, 'reconciler run failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onListen', async () => {
    void run();
    timer = setInterval(() => void run(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The built SPA, with history-mode fallback; unknown API paths stay JSON 404s. */
function registerWebApp(app: App, webDist: string): void {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/sandbox/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'NO_DATA' });
  });
}
