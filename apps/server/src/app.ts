import { type AppDeps, createCore } from './core.js';
import { registerAuthentication } from './http/auth.js';
import { registerFloodGuard } from './http/flood-guard.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerOpenApiConventions } from './http/openapi.js';
import { createServer, registerApiDocs } from './http/server.js';
import { registerTermination, survivesTermination } from './http/termination.js';
import type { App } from './http/types.js';
import { type Readiness, registerHealth } from './http/health.js';
import { registerLoadShedding } from './http/load-shedding.js';
import { registerWebApp } from './http/web-app.js';
import { measureRequests, registerMetricsRoute } from './http/metrics.js';
import type { Metrics } from './metrics.js';
import { registerAccountModule } from './modules/account/account.module.js';
import { registerAgreementModule } from './modules/agreement/agreement.module.js';
import { registerApprovalModule } from './modules/approvals/approvals.module.js';
import { registerAdminModule } from './modules/admin/admin.module.js';
import { registerAuditModule } from './modules/audit/audit.module.js';
import { registerAuthModule } from './modules/auth/auth.module.js';
import { registerBooksModule } from './modules/books/books.module.js';
import { registerDailyFiguresModule } from './modules/books/daily-figures.module.js';
import { registerExposureModule } from './modules/books/exposure.module.js';
import { registerPasswordResetModule } from './modules/auth/password-reset.module.js';
import { createSignIns } from './modules/auth/sign-ins.js';
import { registerChatModule } from './modules/chat/chat.module.js';
import { createConditionService } from './modules/conditions/conditions.service.js';
import { registerCorrectionModule } from './modules/corrections/corrections.module.js';
import { registerDepositModule } from './modules/deposit/deposit.module.js';
import { registerFiguresModule } from './modules/figures/figures.module.js';
import type { Ledger } from './modules/ledger/ledger.service.js';
import { registerLinkModule } from './modules/links/links.module.js';
import { registerLineNotices } from './modules/notices/line/line.module.js';
import { registerLookupModule } from './modules/lookup/lookup.module.js';
import { createSlipCodes } from './modules/lookup/slip-codes.js';
import { registerOtpModule, verifiedPhones } from './modules/otp/otp.module.js';
import { registerReconciliationModule } from './modules/reconciliation/reconciliation.module.js';
import { type Reconciler, createReconciler, measureOpenIntents, scheduleReconciler } from './modules/reconcile/reconciler.js';
import { createInviteSummary } from './modules/promotions/programmes.service.js';
import { registerPromotionsModule } from './modules/promotions/promotions.module.js';
import { registerReportModule } from './modules/reports/reports.module.js';
import { registerSpinModule } from './modules/spin/spin.module.js';
import { registerStatementModule } from './modules/statement/statement.module.js';
import { createTransfersInFlight } from './modules/wallet/transfers-in-flight.js';
import { registerWalletModule } from './modules/wallet/wallet.module.js';
import { registerWithdrawModule } from './modules/withdraw/withdraw.module.js';
import { registerRiskModule } from './modules/risk/risk.module.js';
import { registerNoticeModule } from './modules/notices/notices.module.js';
import { registerCampaignModule } from './modules/campaigns/campaigns.module.js';
import { registerProtectionModule } from './modules/protection/protection.module.js';
import { createWithdrawalsInFlight } from './modules/withdraw/withdrawals-in-flight.js';
import { registerSandboxes } from './sandbox/index.js';

export type { AppDeps } from './core.js';

/** The server: cross-cutting HTTP pieces first, then each module registers itself, then the background jobs. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = await createServer(config);
  const core = await createCore(app, deps);
  // Before every other hook: a shed call costs nothing more than its answer.
  await registerLoadShedding(app, config.loadShedding, core.metrics);
  const { pingRedis } = await registerFloodGuard(app, config, core.tokens);
  await registerApiDocs(app);
  registerTermination(app, core.settings);
  const bindAuthentication = registerAuthentication(app);
  registerIdempotency(app, core.db);
  measureRequests(app, core.metrics);
  if (!config.metricsPort) registerMetricsRoute(app, core.metrics);
  registerOpenApiConventions(app, { survivesTermination });

  const auth = registerAuthModule(core);
  const approvals = registerApprovalModule(core);
  const admin = registerAdminModule(core, { approvals });
  const audit = registerAuditModule(core);
  const lookup = registerLookupModule(core);
  // The member's condition reads what they hold from its owners: balances, game transfers, withdrawals.
  const conditions = createConditionService({ ledger: core.ledger, gameTransfers: createTransfersInFlight(), withdrawals: createWithdrawalsInFlight() });
  const account = registerAccountModule(core, { lookup, sessions: auth, conditions, verifiedPhones });
  const otp = registerOtpModule(core, { newPhones: account });
  registerPasswordResetModule(core, { members: core.members, otp, sessions: auth });
  registerAgreementModule(core, { texts: lookup });
  registerFiguresModule(core, { sessions: auth });
  const statement = registerStatementModule(core, { members: core.members });
  const { wallet, providerTransfers, provider, endGameSessions } = registerWalletModule(core, { members: account, inviteSummary: createInviteSummary(core), statement });
  registerReportModule(core);
  const links = registerLinkModule(core);
  const { slips, credit, deposits, gateway, bankFeed } = registerDepositModule(core, { members: core.members, slipCodes: createSlipCodes(), statement, banks: lookup });
  const { chat, guests, sockets } = registerChatModule(core, { members: auth, operators: admin });
  const risk = registerRiskModule(core, { links, credit, sessions: auth, support: chat, bankChanges: account });
  const protection = registerProtectionModule(core, { credit, launches: wallet, tellMember: (memberId) => chat.tellMemberApp(memberId), support: chat, endSessions: endGameSessions });
  const { autoPayout, onDecided } = registerWithdrawModule(core, { wallet, members: core.members, conditions, statement, risk, protection, banks: lookup });
  const { notices } = registerNoticeModule(core, { members: core.members, credit, withdrawals: { onDecided }, protection, support: chat, conditions });
  const { campaigns } = registerCampaignModule(core, { notices });
  const corrections = registerCorrectionModule(core, { statement });
  const { rewards } = registerPromotionsModule(core, { members: core.members, signIns: createSignIns(), wallet, credit, deposits, conditions, approvals, statement, texts: lookup, risk, protection });
  registerSpinModule(core, { members: core.members, gameResults: providerTransfers, rewards, risk, protection, approvals, notices });
  // Results booked may bring a member to their condition's target: told in the booking's transaction.
  providerTransfers.onResultsBooked((trx, memberId) => conditions.checkReached(trx, memberId));
  const books = registerBooksModule(core);
  const dailyFigures = registerDailyFiguresModule(core, { books });
  const reconciliation = registerReconciliationModule(core, { corrections, provider, gateway });
  registerExposureModule(core, { approvals });
  const lineNotices = registerLineNotices(core);
  if (lineNotices.channel) notices.addChannel(lineNotices.channel);
  bindAuthentication({ members: auth, operators: admin, guests });
  if (config.sandboxes) await registerSandboxes(core, { banks: lookup });

  const reconciler = createReconciler(core.jobs, app.log);
  measureOpenIntents(core.metrics, core.openIntents, core.now);
  scheduleReconciler(app, reconciler, config.reconcile.intervalMs);
  const readiness = registerHealth(app, { db: core.db, redis: pingRedis });
  registerWebApp(app, { web: config.webDist, console: config.consoleDist }, config.site);
  app.decorate('adminService', admin);
  app.decorate('ledger', core.ledger);
  app.decorate('providerTransfers', providerTransfers);
  app.decorate('slips', slips);
  app.decorate('reconciler', reconciler);
  app.decorate('audit', audit);
  app.decorate('chatSockets', sockets);
  app.decorate('metrics', core.metrics);
  app.decorate('books', books);
  app.decorate('dailyFigures', dailyFigures);
  app.decorate('reconciliation', reconciliation);
  app.decorate('risk', risk);
  app.decorate('harm', protection.harm);
  app.decorate('bankFeed', bankFeed);
  app.decorate('autoPayout', autoPayout);
  app.decorate('notices', notices);
  app.decorate('campaigns', campaigns);
  app.decorate('readiness', readiness);
  app.decorate('lineNotices', lineNotices);
  return app;
}

declare module 'fastify' {
  /** What tests and the start script reach for beside the HTTP interface. */
  interface FastifyInstance {
    adminService: ReturnType<typeof registerAdminModule>;
    ledger: Ledger;
    providerTransfers: ReturnType<typeof registerWalletModule>['providerTransfers'];
    slips: ReturnType<typeof registerDepositModule>['slips'];
    reconciler: Reconciler;
    audit: ReturnType<typeof registerAuditModule>;
    chatSockets: ReturnType<typeof registerChatModule>['sockets'];
    /** The app's metrics registry: node.ts serves it on METRICS_PORT when that is set. */
    metrics: Metrics;
    books: ReturnType<typeof registerBooksModule>;
    dailyFigures: ReturnType<typeof registerDailyFiguresModule>;
    reconciliation: ReturnType<typeof registerReconciliationModule>;
    risk: ReturnType<typeof registerRiskModule>;
    harm: ReturnType<typeof registerProtectionModule>['harm'];
    bankFeed: ReturnType<typeof registerDepositModule>['bankFeed'];
    autoPayout: ReturnType<typeof registerWithdrawModule>['autoPayout'];
    notices: ReturnType<typeof registerNoticeModule>['notices'];
    campaigns: ReturnType<typeof registerCampaignModule>['campaigns'];
    /** node.ts drains the node through it on SIGTERM. */
    readiness: Readiness;
    /** The LINE notice channel (null when LINE is not configured), for the notices outbox and tests. */
    lineNotices: ReturnType<typeof registerLineNotices>;
  }
}
