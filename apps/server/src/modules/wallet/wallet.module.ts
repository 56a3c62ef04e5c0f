import { createHttpGameProvider } from '../../adapters/game-provider.js';
import { Gauge } from 'prom-client';
import type { Core } from '../../core.js';
import { sharedRead } from '../../metrics.js';
import type { AccountService } from '../account/account.service.js';
import type { Statement } from '../statement/statement-sources.js';
import { registerProviderMedia } from './media.routes.js';
import { createGameSessions } from './game-sessions.js';
import { createProviderTransfers } from './provider-transfers.js';
import { createSecretBox } from '../../crypto/secret-box.js';
import { createHoldsCheck } from '../ledger/holds-check.js';
import { pendingHolds, pendingTransfers } from './wallet.repository.js';
import { registerWalletRoutes } from './wallet.routes.js';
import { createWalletService } from './wallet.service.js';
import { transferStatement } from './wallet.statement.js';

type WalletDeps = Parameters<typeof createWalletService>[0];

/** The wallet, the game providers and the money moved between them. */
export function registerWalletModule(
  core: Pick<Core, 'app' | 'config' | 'db' | 'ledger' | 'settings' | 'secret' | 'now' | 'jobs' | 'adapters' | 'ownAddress' | 'metrics' | 'openIntents'>,
  uses: { members: Pick<AccountService, 'findMember'>; inviteSummary: WalletDeps['inviteSummary']; statement: Pick<Statement, 'addSource'> },
) {
  const { app, config, db, ledger } = core;
  const provider =
    core.adapters.provider ??
    createHttpGameProvider({
      baseUrl: () => config.provider.url ?? `${core.ownAddress()}/sandbox/provider/api`,
      ...(config.provider.apiKey ? { apiKey: config.provider.apiKey } : {}),
      timeoutMs: config.provider.timeoutMs,
    });
  const providerTransfers = createProviderTransfers({
    db,
    ledger,
    provider,
    now: core.now,
    log: app.log,
    reconcileAfterMs: config.reconcile.afterMs,
    notFoundGraceMs: config.reconcile.notFoundGraceMs,
    duplicateWaitMs: config.provider.timeoutMs + 500,
    metrics: core.metrics,
  });
  const wallet = createWalletService({
    db,
    ledger,
    provider,
    transfers: providerTransfers,
    secrets: createSecretBox(core.secret, 'game-passwords'),
    members: uses.members,
    inviteSummary: uses.inviteSummary,
  });
  const { endGameSessions } = createGameSessions({ db, provider, log: app.log, metrics: core.metrics });
  registerWalletRoutes(app, wallet);
  registerProviderMedia(app, db);
  core.jobs.providerTransfers = () => providerTransfers.reconcile();
  // One query a scrape serves both the pending gauge and the reconciler's open intents.
  const pending = sharedRead(() => pendingTransfers(db));
  core.openIntents['provider_transfer'] = pending;
  new Gauge({
    name: 'wallet_provider_transfers_pending',
    help: 'Transfers to or from a game provider whose outcome is not settled yet (the reconciler settles them).',
    registers: [core.metrics],
    async collect() {
      this.set((await pending()).open);
    },
  });
  uses.statement.addSource(transferStatement);
  ledger.addInvariantCheck(gameTransferHoldsCheck(ledger));
  /** `endGameSessions(memberId)`: a break or a self-exclusion logs the member out of the games open at providers that offer it; never throws. */
  return { wallet, providerTransfers, provider, endGameSessions };
}

/** Every unsettled game transfer's money is held in the ledger, and no hold of that kind is left without one. */
export function gameTransferHoldsCheck(ledger: Parameters<typeof createHoldsCheck>[2]['ledger']) {
  return createHoldsCheck('gameTransferHolds', 'provider_hold', { ledger, openRows: pendingHolds });
}
