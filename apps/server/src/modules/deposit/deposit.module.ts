import { createHttpBankStatement } from '../../adapters/bank-statement.js';
import { createHttpPaymentGateway } from '../../adapters/payment-gateway.js';
import { createHttpSlipVerifier } from '../../adapters/slip-verifier.js';
import { createHttpTrueMoney } from '../../adapters/truemoney.js';
import { createFolderStorage } from '../../adapters/upload-storage.js';
import type { Core } from '../../core.js';
import { scheduleEvery } from '../reconcile/reconciler.js';
import type { Members } from '../account/members.js';
import type { LookupService } from '../lookup/lookup.service.js';
import type { SlipCodes } from '../lookup/slip-codes.js';
import type { Statement } from '../statement/statement-sources.js';
import { registerBankFeedRoutes } from './bank-feed.routes.js';
import { createBankFeed } from './bank-feed.service.js';
import { createDepositCredit } from './deposit-credit.js';
import { registerDepositMethodRoutes } from './deposit-methods.routes.js';
import { createDepositMethods } from './deposit-methods.service.js';
import { createDeposits } from './deposits.js';
import { registerDepositRoutes } from './deposit.routes.js';
import { createDepositService } from './deposit.service.js';
import { depositReferences, depositStatement, noticeStatement } from './deposit.statement.js';
import { registerManualDepositRoutes } from './manual-deposit.routes.js';
import { createManualDepositService } from './manual-deposit.service.js';
import { unfinishedSlips } from './slip.repository.js';
import { registerSlipRoutes } from './slip.routes.js';
import { createQrReader } from './qr-reader.js';
import { createSlipService } from './slip.service.js';
import { createTrueMoneyTransferService } from './truemoney-transfer.service.js';
import { redeemingIntents } from './truelink.repository.js';
import { createTruelinkService } from './truelink.service.js';

/**
 * Every way money comes in (SPEC §2): gateway and bank QRs, TrueMoney gift links and transfers,
 * manual notices and bank slips, all credited through one `creditDeposit`. Other modules hook
 * into a credit with `credit.onCredited`, and read deposits through the `deposits` port.
 */
export function registerDepositModule(
  core: Pick<Core, 'app' | 'config' | 'db' | 'auditTrail' | 'ledger' | 'settings' | 'now' | 'jobs' | 'adapters' | 'ownAddress' | 'derivedSecret' | 'webhookSecrets' | 'site' | 'metrics' | 'openIntents'>,
  uses: {
    members: Pick<Members, 'find' | 'findMany' | 'findByPhone' | 'bySender' | 'lock'>;
    slipCodes: Pick<SlipCodes, 'ofBank'>;
    statement: Pick<Statement, 'addSource' | 'addReferences'>;
    banks: Pick<LookupService, 'bank' | 'slipBank'>;
  },
) {
  const { app, config, db, now } = core;
  const log = app.log;
  const credit = createDepositCredit({ ledger: core.ledger, metrics: core.metrics, now, paused: async (db) => (await core.settings.depositPause(db)).paused });
  const gateway =
    core.adapters.gateway ??
    createHttpPaymentGateway({
      baseUrl: () => config.gateway.url ?? `${core.ownAddress()}/sandbox/gateway/api`,
      ...(config.gateway.apiKey ? { apiKey: config.gateway.apiKey } : {}),
      timeoutMs: 10_000,
    });
  const deposits = createDepositService({
    db,
    deposits: credit,
    gateway,
    settings: core.settings,
    now,
    log,
    reconcileAfterMs: config.reconcile.afterMs,
  });
  const truelink = createTruelinkService({
    db,
    deposits: credit,
    trueMoney: createHttpTrueMoney({ baseUrl: () => config.trueMoney.url ?? `${core.ownAddress()}/sandbox/truemoney/api`, timeoutMs: config.trueMoney.timeoutMs }),
    secret: config.trueMoney.linkKey,
    receivingMobile: config.trueMoney.mobile,
    now,
    log,
    leaseMs: config.trueMoney.timeoutMs + 2_000,
    reconcileAfterMs: config.reconcile.afterMs,
    giveUpAfterMs: config.reconcile.notFoundGraceMs,
  });
  const walletTransfers = createTrueMoneyTransferService({ db, auditTrail: core.auditTrail, deposits: credit, members: uses.members, log });
  const qrReader = createQrReader();
  app.addHook('onClose', () => qrReader.close());
  const slips = createSlipService({
    db,
    auditTrail: core.auditTrail,
    deposits: credit,
    settings: core.settings,
    members: uses.members,
    slipCodes: uses.slipCodes,
    storage: createFolderStorage(config.uploadDir),
    qrReader,
    verifier:
      core.adapters.slipVerifier ??
      createHttpSlipVerifier({
        baseUrl: () => config.slipVerifier.url ?? `${core.ownAddress()}/sandbox/bank/api`,
        ...(config.slipVerifier.apiKey ? { apiKey: config.slipVerifier.apiKey } : {}),
        timeoutMs: 20_000,
      }),
    now,
    linkSecret: core.derivedSecret('slip-image-links'),
    log,
    unfinishedAfterMs: config.slipVerifier.resumeAfterMs,
    uploadsAtOnce: config.slipVerifier.uploadsAtOnce,
  });

  registerDepositRoutes(app, { deposits, truelink, walletTransfers }, { webhookSecret: core.webhookSecrets.gateway, trueMoneyWebhookSecret: core.webhookSecrets.trueMoney, now });
  registerManualDepositRoutes(app, createManualDepositService({ db, auditTrail: core.auditTrail, deposits: credit, settings: core.settings, members: uses.members }));
  registerSlipRoutes(app, slips);
  registerDepositMethodRoutes(app, createDepositMethods({ db, settings: core.settings, site: core.site, banks: uses.banks }));
  core.jobs.giftLinks = () => truelink.reconcile();
  core.jobs.qrPayments = () => deposits.reconcile();
  core.jobs.slips = () => slips.resumeUnfinished();
  const bankFeed = createBankFeed({
    db,
    statement: createHttpBankStatement({
      baseUrl: () => config.bankStatement.url ?? `${core.ownAddress()}/sandbox/bank/api`,
      ...(config.bankStatement.apiKey ? { apiKey: config.bankStatement.apiKey } : {}),
      timeoutMs: 10_000,
    }),
    credit,
    members: uses.members,
    banks: uses.banks,
    auditTrail: core.auditTrail,
    log,
    metrics: core.metrics,
    site: core.site,
    now,
  });
  core.jobs.bankFeed = () => bankFeed.read();
  // A member's transfer is credited within about a minute (SPEC): the feed is read more often than the reconciler runs.
  scheduleEvery(app, 'bank-feed', () => bankFeed.read(), config.bankStatement.intervalMs);
  registerBankFeedRoutes(app, bankFeed);
  core.openIntents['gift_link'] = () => redeemingIntents(db);
  core.openIntents.slip = () => unfinishedSlips(db);
  uses.statement.addSource(depositStatement);
  uses.statement.addSource(noticeStatement);
  uses.statement.addReferences(depositReferences);
  return { credit, slips, deposits: createDeposits(), gateway, bankFeed };
}
