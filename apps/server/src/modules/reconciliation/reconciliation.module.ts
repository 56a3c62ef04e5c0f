import { Gauge } from 'prom-client';
import { createHttpBankStatement } from '../../adapters/bank-statement.js';
import type { GameProviderAdapter } from '../../adapters/game-provider.js';
import type { PaymentGateway } from '../../adapters/payment-gateway.js';
import type { Core } from '../../core.js';
import { sharedRead } from '../../metrics.js';
import type { CorrectionService } from '../corrections/corrections.service.js';
import { SOURCES } from './matcher.js';
import { registerReconciliationRoutes } from './reconciliation.routes.js';
import { createReconciliationService } from './reconciliation.service.js';
import { createBankSource } from './sources/bank.source.js';
import { createGatewaySource } from './sources/gateway.source.js';
import { createProviderSource } from './sources/provider.source.js';

/** Each source's today and yesterday are matched again this often: an outside record is matched within minutes. */
const EVERY_MS = 10 * 60 * 1000;

/** The books against the outside records: game providers, the payment gateway, the operator's bank. */
export function registerReconciliationModule(
  core: Pick<Core, 'app' | 'config' | 'db' | 'auditTrail' | 'operatorNames' | 'now' | 'jobs' | 'metrics' | 'site' | 'ownAddress'>,
  uses: { corrections: Pick<CorrectionService, 'propose' | 'onDecided'>; provider: Pick<GameProviderAdapter, 'history'>; gateway: Pick<PaymentGateway, 'settlementReport'> },
) {
  const { db, config, site } = core;
  const reconciliation = createReconciliationService({ ...core, corrections: uses.corrections, timeZone: site.timeZone, everyMs: EVERY_MS });
  const statement = createHttpBankStatement({
    baseUrl: () => config.bankStatement.url ?? `${core.ownAddress()}/sandbox/bank/api`,
    ...(config.bankStatement.apiKey ? { apiKey: config.bankStatement.apiKey } : {}),
    timeoutMs: 10_000,
  });
  reconciliation.addSource(createProviderSource({ db, provider: uses.provider }));
  reconciliation.addSource(createGatewaySource({ db, gateway: uses.gateway, timeZone: site.timeZone }));
  reconciliation.addSource(createBankSource({ db, statement }));
  uses.corrections.onDecided((trx, decision) => reconciliation.correctionDecided(trx, decision));
  registerReconciliationRoutes(core.app, reconciliation);
  core.jobs.reconciliation = () => reconciliation.runDue();
  measureReconciliation(core, reconciliation);
  return reconciliation;
}

function measureReconciliation(core: Pick<Core, 'metrics'>, reconciliation: ReturnType<typeof createReconciliationService>): void {
  const unowned = sharedRead(() => reconciliation.unownedOverDay());
  new Gauge({
    name: 'wallet_reconciliation_unowned_exceptions',
    help: 'Reconciliation exceptions waiting for more than 24 hours with no one assigned.',
    registers: [core.metrics],
    async collect() {
      this.set(await unowned());
    },
  });
  const last = sharedRead(() => reconciliation.lastSuccess());
  new Gauge({
    name: 'wallet_reconciliation_last_success_timestamp_seconds',
    help: 'When each source last finished a reconciliation run without an error, in seconds since the epoch (0: never).',
    labelNames: ['source'] as const,
    registers: [core.metrics],
    async collect() {
      const found = await last();
      for (const source of SOURCES) this.set({ source }, (found.get(source)?.getTime() ?? 0) / 1000);
    },
  });
}
