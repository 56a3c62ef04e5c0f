import type { Core } from '../core.js';
import type { LookupService } from '../modules/lookup/lookup.service.js';
import { registerBankSandbox } from './bank.sandbox.js';
import { registerBankTransferSandbox } from './bank-transfer.sandbox.js';
import { registerFundingSandbox } from './funding.sandbox.js';
import { registerGatewaySandbox } from './gateway.sandbox.js';
import { registerLineSandbox } from './line.sandbox.js';
import { databaseBooks } from './provider.books.js';
import { registerProviderSandbox } from './provider.sandbox.js';
import { registerPushSandbox } from './push.sandbox.js';
import { registerSmsSandbox } from './sms.sandbox.js';
import { registerTrueMoneySandbox } from './truemoney.sandbox.js';

/** DESIGN §7: the outside services, played over real HTTP by this same server, until real ones are configured. */
export async function registerSandboxes(core: Pick<Core, 'app' | 'config' | 'db' | 'ledger' | 'members' | 'now' | 'ownAddress' | 'webhookSecrets'>, uses: { banks: Pick<LookupService, 'slipBank'> }): Promise<void> {
  const { app, db } = core;
  registerSmsSandbox(app, db);
  await registerProviderSandbox(app, databaseBooks(db));
  registerFundingSandbox(app, db, core.ledger, core.members);
  registerTrueMoneySandbox(app, db, { webhookUrl: () => `${core.ownAddress()}/api/webhooks/truemoney`, webhookSecret: core.webhookSecrets.trueMoney });
  registerBankSandbox(app, db, { now: core.now, banks: uses.banks });
  registerBankTransferSandbox(app, db, { now: core.now });
  registerGatewaySandbox(app, db, { webhookUrl: () => `${core.ownAddress()}/api/webhooks/gateway`, webhookSecret: core.webhookSecrets.gateway });
  registerPushSandbox(app, db, { ownAddress: core.ownAddress, now: core.now });
  // The sandbox plays LINE with the channels configured, so real channel ids work against it too.
  if (core.config.line) registerLineSandbox(app, db, { channels: core.config.line, webhookUrl: () => `${core.ownAddress()}/api/webhooks/line`, now: core.now });
}
