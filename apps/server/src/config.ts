import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TRUELINK_KEY } from '@wallet/contract';
import { SERVER_ROOT } from './server-root.js';

/** The OAuth client the sandbox bank's transfer API knows, used when sandboxes are on and none is set. */
export const SANDBOX_TRANSFER_CLIENT = { id: 'wallet-sandbox', secret: 'sandbox-transfer-secret' };

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1'));

/** What Fastify's `trustProxy` takes: no proxy, how many proxy hops, or which proxy addresses. */
export type TrustedProxies = false | number | string[];

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false`/`0` (no proxy), a hop count (`true` means one: the load balancer in front),
 * or a comma-separated list of proxy addresses/CIDRs. Never "trust everything": that would take a
 * client's own X-Forwarded-For as its address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, context): TrustedProxies => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value) || false;
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    if (entries.length && entries.every(isProxyAddress)) return entries;
    context.addIssue({ code: 'custom', message: 'expected false, a hop count, or proxy addresses/CIDRs separated by commas' });
    return z.NEVER;
  });

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Prometheus metrics on their own listener (GET /metrics, no token); unset: on PORT, for admin operators only. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Default ./data, ./data-la for the Laos build: each build keeps its own embedded database and demo data. */
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /** Connections to PostgreSQL per node: a few per core serve best (docs/adr/0219-ten-connections-per-node.md). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url().optional(),
  /** Keeps deployments (or test runs) that share one Redis apart. */
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:-]{1,60}$/).default('wallet:'),
  SITE: z.enum(['th', 'la']).default('th'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32).optional(),
  /** The audit chain's key; never in the database. Default: generated once into DATA_DIR/audit.key. */
  AUDIT_KEY: z.string().min(32).optional(),
  /** How often the audit log's head is anchored outside the database (a signed checkpoint); 0: only by hand. */
  AUDIT_CHECKPOINT_INTERVAL_MS: z.coerce.number().int().min(0).default(5 * 60_000),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SANDBOXES: flag,
  SEED_DEMO: flag,
  WEB_DIST: z.string().optional(),
  /** The operator console's build, served under /admin. */
  CONSOLE_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy,
  /** Flood guard: requests per minute from one address (unsigned) and per signed-in member. */
  FLOOD_LIMIT_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  FLOOD_LIMIT_MEMBER_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Load shedding: past these a node answers API calls 503 BUSY with Retry-After at once rather than
   * queueing them until every one times out. Event-loop delay is the mean over each second; the heap
   * bound is a share of V8's heap limit (--max-old-space-size). 0 turns a bound off.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  SHED_HEAP_USED_PERCENT: z.coerce.number().int().min(0).max(100).default(90),
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(60).default(2),
  /** On SIGTERM, how long /readyz answers 503 while the node still serves, before it closes: the balancer's checks must see it first. */
  DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
  /** SMS codes one address may have sent per hour, whatever numbers it names. */
  OTP_SENDS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Operator tokens live this long (member tokens 7 days, DESIGN §6). */
  ADMIN_SESSION_HOURS: z.coerce.number().min(0.25).max(7 * 24).default(12),
  /** Lower argon2 cost; only for test suites that register many members. */
  FAST_HASH: flag,
  /**
   * How often a node reads the revocation list (sessions revoked, members blocked) it checks member
   * sessions against without a query. A revocation is seen at once on the node that made it, on
   * other nodes within this bound. 0: every call asks the database.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  SMS_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().optional(),
  PROVIDER_URL: z.string().url().optional(),
  PROVIDER_API_KEY: z.string().optional(),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** The sandbox provider's own process (sandbox/provider-main.ts) only: where it keeps its books. */
  SANDBOX_PROVIDER_BOOKS: z.enum(['database', 'memory']).default('database'),
  GATEWAY_URL: z.string().url().optional(),
  GATEWAY_API_KEY: z.string().optional(),
  GATEWAY_WEBHOOK_SECRET: z.string().min(16).optional(),
  TRUELINK_KEY: z.string().min(8).default(DEFAULT_TRUELINK_KEY),
  TRUEMONEY_URL: z.string().url().optional(),
  TRUEMONEY_MOBILE: z.string().regex(/^\d{10}$/).default('0990000000'),
  TRUEMONEY_WEBHOOK_SECRET: z.string().min(16).optional(),
  TRUEMONEY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SLIP_VERIFIER_URL: z.string().url().optional(),
  SLIP_VERIFIER_API_KEY: z.string().optional(),
  BANK_STATEMENT_URL: z.string().url().optional(),
  BANK_STATEMENT_API_KEY: z.string().optional(),
  /** How often every node reads the AUTO accounts' statements, besides the reconciler's runs (0: only with them). */
  BANK_FEED_INTERVAL_MS: z.coerce.number().int().min(0).default(15_000),
  /** The operator's bank's fund-transfer API (auto-payout): its address, OAuth client, and the accounts it pays from. */
  BANK_TRANSFER_URL: z.string().url().optional(),
  BANK_TRANSFER_CLIENT_ID: z.string().optional(),
  BANK_TRANSFER_CLIENT_SECRET: z.string().optional(),
  BANK_TRANSFER_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  BANK_PAYOUT_ACCOUNT: z.string().regex(/^\d{6,15}$/).optional(),
  BANK_PAYOUT_ACCOUNT_LAK: z.string().regex(/^\d{6,15}$/).optional(),
  /** Slips undecided this long (their request died) are finished by the sweep. */
  SLIP_RESUME_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
  SLIP_UPLOADS_AT_ONCE: z.coerce.number().int().min(1).default(64),
  /** Uploaded slips (DESIGN §8: a volume every node shares); DATA_DIR/uploads by default. */
  UPLOAD_DIR: z.string().optional(),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
  NOT_FOUND_GRACE_MS: z.coerce.number().int().min(0).default(120_000),
  /** The VAPID key pair web push is signed with (`npx web-push generate-vapid-keys`): 65 and 32 bytes, base64url. */
  WEB_PUSH_VAPID_PUBLIC_KEY: z.string().regex(/^[\w-]{87}$/, 'expected a P-256 public key, 65 bytes in base64url').optional(),
  WEB_PUSH_VAPID_PRIVATE_KEY: z.string().regex(/^[\w-]{43}$/, 'expected a P-256 private key, 32 bytes in base64url').optional(),
  /** Whom a push service contacts about our messages, as VAPID requires. */
  WEB_PUSH_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'expected a mailto: or https: address').optional(),
  WEB_PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How often each node's notice worker looks for notices due (0: never; tests run it by hand). */
  NOTICES_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  /** Offers (campaigns, bonus reminders) sent per second on each channel, across every node; service messages are never held by it. */
  LINE_OFFERS_PER_SECOND: z.coerce.number().int().min(1).default(20),
  PUSH_OFFERS_PER_SECOND: z.coerce.number().int().min(1).default(50),
  /** LINE's platform (https://api.line.me); unset with sandboxes on: this server's own /sandbox/line. */
  LINE_API_URL: z.string().url().optional(),
  /** Where LINE Login's consent page is (https://access.line.me); unset with sandboxes on: the sandbox's. */
  LINE_ACCESS_URL: z.string().url().optional(),
  /** The Official Account's Messaging API channel: notices are pushed as it. */
  LINE_CHANNEL_ID: z.string().regex(/^\d{6,20}$/, 'expected a LINE channel id (digits)').optional(),
  LINE_CHANNEL_SECRET: z.string().min(16).optional(),
  /** The LINE Login channel members link their LINE account with (same provider as the Official Account, so the userId is the same). */
  LINE_LOGIN_CHANNEL_ID: z.string().regex(/^\d{6,20}$/, 'expected a LINE channel id (digits)').optional(),
  LINE_LOGIN_CHANNEL_SECRET: z.string().min(16).optional(),
  LINE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** The member app's public address (https://wallet.example): links sent outside the app (LINE cards) and LINE Login's callback. Default: this server's own address. */
  APP_URL: z.string().url().optional(),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** undefined: GET /metrics is on the API port behind an admin operator's token. */
  metricsPort: number | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  site: 'th' | 'la';
  logLevel: string;
  jwtSecret: string | undefined;
  auditKey: string | undefined;
  /** 0: no checkpoints at start, stop or on a timer (tests write them by hand). */
  auditCheckpointIntervalMs: number;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** DESIGN §7: sandboxes on by default, off in production unless asked for. */
  sandboxes: boolean;
  seedDemo: boolean;
  webDist: string;
  consoleDist: string;
  trustProxy: TrustedProxies;
  floodLimits: { addressPerMinute: number; memberPerMinute: number };
  /** 0 in a bound: not watched. */
  loadShedding: { eventLoopDelayMs: number; heapUsedPercent: number; retryAfterSeconds: number };
  drainMs: number;
  otpSendsPerAddressPerHour: number;
  adminSessionMs: number;
  fastHash: boolean;
  sessionCacheMs: number;
  sms: { url: string | undefined; apiKey: string | undefined };
  provider: { url: string | undefined; apiKey: string | undefined; timeoutMs: number };
  sandboxProviderBooks: 'database' | 'memory';
  gateway: { url: string | undefined; apiKey: string | undefined; webhookSecret: string | undefined };
  trueMoney: { url: string | undefined; linkKey: string; mobile: string; webhookSecret: string | undefined; timeoutMs: number };
  slipVerifier: { url: string | undefined; apiKey: string | undefined; resumeAfterMs: number; uploadsAtOnce: number };
  /** The operator's bank account statement feed (reconciliation); the sandbox bank's when unset. */
  bankStatement: { url: string | undefined; apiKey: string | undefined; intervalMs: number };
  /**
   * The bank's fund-transfer API: the sandbox bank's (and its demo accounts) when sandboxes are on and
   * nothing is set; without an account in a currency, nothing in it is paid without an operator.
   */
  bankTransfer: { url: string | undefined; clientId: string; clientSecret: string; timeoutMs: number; accounts: { THB: string | null; LAK: string | null } };
  uploadDir: string;
  /** 0 turns the periodic reconciler off (tests run it by hand). */
  reconcile: { intervalMs: number; afterMs: number; notFoundGraceMs: number };
  /**
   * Web push (adapters/web-push.ts, `webPushVapid`): `vapid` undefined means no keys were set, and
   * then the keys are the sandbox's, generated once into DATA_DIR, or, with sandboxes off, the
   * channel is not configured.
   */
  webPush: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string; timeoutMs: number };
  notices: { intervalMs: number; offersPerSecond: { line: number; push: number } };
  /**
   * The LINE Official Account (Messaging API) and the LINE Login channel members link with. `apiUrl`
   * and `accessUrl` undefined: the sandbox's (this server's /sandbox/line). null: LINE is not
   * configured (sandboxes off and no channels set), and members have no LINE channel.
   */
  line: {
    apiUrl: string | undefined;
    accessUrl: string | undefined;
    channelId: string;
    channelSecret: string;
    loginChannelId: string;
    loginChannelSecret: string;
    timeoutMs: number;
  } | null;
  /** undefined: this server's own address (a request's origin, or the listening address). */
  appUrl: string | undefined;
}

/** The channels the sandbox LINE platform knows, used when sandboxes are on and none is set. */
export const SANDBOX_LINE_CHANNELS = {
  channelId: '2000000001',
  channelSecret: 'sandbox-line-messaging-secret',
  loginChannelId: '2000000002',
  loginChannelSecret: 'sandbox-line-login-secret',
};

/** The VAPID subject when none is set and sandboxes are on: no real push service reads it. */
export const SANDBOX_WEB_PUSH_SUBJECT = 'mailto:push@wallet.invalid';

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const production = values.NODE_ENV === 'production';
  const sandboxes = values.SANDBOXES ?? !production;
  const dataDir = values.DATA_DIR ?? (values.SITE === 'la' ? './data-la' : './data');
  // Without sandboxes every outside service needs its real address: refuse to start half-wired.
  const unset = !sandboxes
    ? (['SMS_URL', 'PROVIDER_URL', 'GATEWAY_URL', 'TRUEMONEY_URL', 'SLIP_VERIFIER_URL', 'BANK_STATEMENT_URL'] as const).filter((key) => !values[key])
    : [];
  if (unset.length) throw new Error(`Invalid configuration: with sandboxes off, set ${unset.join(', ')} (or SANDBOXES=true)`);
  if ((values.BANK_PAYOUT_ACCOUNT || values.BANK_PAYOUT_ACCOUNT_LAK) && !sandboxes && !(values.BANK_TRANSFER_URL && values.BANK_TRANSFER_CLIENT_ID && values.BANK_TRANSFER_CLIENT_SECRET)) {
    throw new Error('Invalid configuration: a payout account needs BANK_TRANSFER_URL, BANK_TRANSFER_CLIENT_ID and BANK_TRANSFER_CLIENT_SECRET');
  }
  if (Boolean(values.WEB_PUSH_VAPID_PUBLIC_KEY) !== Boolean(values.WEB_PUSH_VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration: set both WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY, or neither');
  }
  // A real push service may write to the subject about our traffic: real keys need a real one.
  if (values.WEB_PUSH_VAPID_PUBLIC_KEY && !values.WEB_PUSH_SUBJECT && !sandboxes) throw new Error('Invalid configuration: WEB_PUSH_VAPID_PUBLIC_KEY needs WEB_PUSH_SUBJECT (mailto: or https:)');
  const lineChannelSet = [values.LINE_CHANNEL_ID, values.LINE_CHANNEL_SECRET, values.LINE_LOGIN_CHANNEL_ID, values.LINE_LOGIN_CHANNEL_SECRET].filter(Boolean).length;
  if (lineChannelSet !== 0 && lineChannelSet !== 4) throw new Error('Invalid configuration: set all of LINE_CHANNEL_ID, LINE_CHANNEL_SECRET, LINE_LOGIN_CHANNEL_ID and LINE_LOGIN_CHANNEL_SECRET, or none');
  // Real channels against the sandbox, or the sandbox's channels against LINE, would fail on every call.
  if (lineChannelSet === 4 && !sandboxes && !values.LINE_API_URL) throw new Error('Invalid configuration: LINE channels with sandboxes off need LINE_API_URL (https://api.line.me)');
  if (Boolean(values.LINE_API_URL) !== Boolean(values.LINE_ACCESS_URL)) throw new Error('Invalid configuration: set both LINE_API_URL and LINE_ACCESS_URL, or neither');
  // Nodes over one PostgreSQL database each have their own DATA_DIR: each would generate its own
  // audit key, and every other node's entries would fail verification.
  if (production && values.DATABASE_URL && !values.AUDIT_KEY) throw new Error('Invalid configuration: in production with DATABASE_URL, set AUDIT_KEY (the same on every node)');
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    metricsPort: values.METRICS_PORT,
    dataDir: path.resolve(dataDir),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    site: values.SITE,
    logLevel: values.LOG_LEVEL,
    jwtSecret: values.JWT_SECRET,
    auditKey: values.AUDIT_KEY,
    auditCheckpointIntervalMs: values.AUDIT_CHECKPOINT_INTERVAL_MS,
    adminUsername: values.ADMIN_USERNAME,
    adminPassword: values.ADMIN_PASSWORD,
    sandboxes,
    seedDemo: values.SEED_DEMO ?? true,
    webDist: path.resolve(values.WEB_DIST ?? path.join(SERVER_ROOT, '..', 'web', values.SITE === 'la' ? 'dist-la' : 'dist')),
    consoleDist: path.resolve(values.CONSOLE_DIST ?? path.join(SERVER_ROOT, '..', 'console', 'dist')),
    trustProxy: values.TRUST_PROXY,
    floodLimits: { addressPerMinute: values.FLOOD_LIMIT_ADDRESS_PER_MINUTE, memberPerMinute: values.FLOOD_LIMIT_MEMBER_PER_MINUTE },
    // The embedded database runs its queries on the event loop: there the delay is the database at
    // work, not a queue to shed, and the bound is off unless set.
    loadShedding: { eventLoopDelayMs: values.SHED_EVENT_LOOP_DELAY_MS ?? (values.DATABASE_URL ? 200 : 0), heapUsedPercent: values.SHED_HEAP_USED_PERCENT, retryAfterSeconds: values.SHED_RETRY_AFTER_SECONDS },
    drainMs: values.DRAIN_SECONDS * 1000,
    otpSendsPerAddressPerHour: values.OTP_SENDS_PER_ADDRESS_PER_HOUR,
    adminSessionMs: values.ADMIN_SESSION_HOURS * 60 * 60_000,
    fastHash: values.FAST_HASH ?? false,
    sessionCacheMs: values.SESSION_CACHE_MS,
    sms: { url: values.SMS_URL, apiKey: values.SMS_API_KEY },
    provider: { url: values.PROVIDER_URL, apiKey: values.PROVIDER_API_KEY, timeoutMs: values.PROVIDER_TIMEOUT_MS },
    sandboxProviderBooks: values.SANDBOX_PROVIDER_BOOKS,
    trueMoney: { url: values.TRUEMONEY_URL, linkKey: values.TRUELINK_KEY, mobile: values.TRUEMONEY_MOBILE, webhookSecret: values.TRUEMONEY_WEBHOOK_SECRET, timeoutMs: values.TRUEMONEY_TIMEOUT_MS },
    slipVerifier: { url: values.SLIP_VERIFIER_URL, apiKey: values.SLIP_VERIFIER_API_KEY, resumeAfterMs: values.SLIP_RESUME_AFTER_MS, uploadsAtOnce: values.SLIP_UPLOADS_AT_ONCE },
    bankStatement: { url: values.BANK_STATEMENT_URL, apiKey: values.BANK_STATEMENT_API_KEY, intervalMs: values.BANK_FEED_INTERVAL_MS },
    bankTransfer: {
      url: values.BANK_TRANSFER_URL,
      clientId: values.BANK_TRANSFER_CLIENT_ID ?? (sandboxes ? SANDBOX_TRANSFER_CLIENT.id : ''),
      clientSecret: values.BANK_TRANSFER_CLIENT_SECRET ?? (sandboxes ? SANDBOX_TRANSFER_CLIENT.secret : ''),
      timeoutMs: values.BANK_TRANSFER_TIMEOUT_MS,
      // The seeded demo accounts the sandbox bank pays from (seed.ts): SCB for baht, LDB for kip.
      accounts: {
        THB: values.BANK_PAYOUT_ACCOUNT ?? (sandboxes && !values.BANK_TRANSFER_URL ? '4061234567' : null),
        LAK: values.BANK_PAYOUT_ACCOUNT_LAK ?? (sandboxes && !values.BANK_TRANSFER_URL ? '0200123456789' : null),
      },
    },
    uploadDir: path.resolve(values.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    gateway: { url: values.GATEWAY_URL, apiKey: values.GATEWAY_API_KEY, webhookSecret: values.GATEWAY_WEBHOOK_SECRET },
    reconcile: {
      intervalMs: values.RECONCILE_INTERVAL_MS,
      afterMs: values.RECONCILE_AFTER_MS,
      notFoundGraceMs: values.NOT_FOUND_GRACE_MS,
    },
    webPush: {
      vapid: values.WEB_PUSH_VAPID_PUBLIC_KEY && values.WEB_PUSH_VAPID_PRIVATE_KEY ? { publicKey: values.WEB_PUSH_VAPID_PUBLIC_KEY, privateKey: values.WEB_PUSH_VAPID_PRIVATE_KEY } : undefined,
      subject: values.WEB_PUSH_SUBJECT ?? SANDBOX_WEB_PUSH_SUBJECT,
      timeoutMs: values.WEB_PUSH_TIMEOUT_MS,
    },
    notices: { intervalMs: values.NOTICES_INTERVAL_MS, offersPerSecond: { line: values.LINE_OFFERS_PER_SECOND, push: values.PUSH_OFFERS_PER_SECOND } },
    line:
      lineChannelSet === 4 || sandboxes
        ? {
            apiUrl: values.LINE_API_URL,
            accessUrl: values.LINE_ACCESS_URL,
            channelId: values.LINE_CHANNEL_ID ?? SANDBOX_LINE_CHANNELS.channelId,
            channelSecret: values.LINE_CHANNEL_SECRET ?? SANDBOX_LINE_CHANNELS.channelSecret,
            loginChannelId: values.LINE_LOGIN_CHANNEL_ID ?? SANDBOX_LINE_CHANNELS.loginChannelId,
            loginChannelSecret: values.LINE_LOGIN_CHANNEL_SECRET ?? SANDBOX_LINE_CHANNELS.loginChannelSecret,
            timeoutMs: values.LINE_TIMEOUT_MS,
          }
        : null,
    appUrl: values.APP_URL?.replace(/\/+$/, ''),
  };
}
