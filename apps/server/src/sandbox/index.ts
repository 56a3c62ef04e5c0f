import type { Core } from '../core.js';
import type { LookupService } from '../modules/lookup/lookup.service.js';
import { registerBankSandbox } from './bank.sandbox.js';
import { registerBankTransferSandbox } from './bank-transfer.sandbox.js';
import { registerFundingSandbox } from './funding.sandbox.js';
import { registerGatewaySandbox } from './gateway.sandbox.js';
import { databaseBooks } from './provider.books.js';
import { registerProviderSandbox } from './provider.sandbox.js';
import { registerPushSandbox } from './push.sandbox.js';
import { registerSmsSandbox } from './sms.sandbox.js';
import { registerTrueMoneySandbox } from './truemoney.sandbox.js';

/** DESIGN §7: the outside services, played over real HTTP by this same server, until real ones are configured. */
export async function registerSandboxes(core: Pick<Core, 'app' | 'db' | 'ledger' | 'members' | 'now' | 'ownAddress' | 'webhookSecrets'>, uses: { banks: Pick<LookupService, 'slipBank'> }): Promise<void> {
  const { app, db } = core;
  registerSmsSandbox(app, db);
  await registerProviderSandbox(app, databaseBooks(db));
  registerFundingSandbox(app, db, core.ledger, core.members);
  registerTrueMoneySandbox(app, db, { webhookUrl: () => `${core.ownAddress()}/api/webhooks/truemoney`, webhookSecret: core.webhookSecrets.trueMoney });
  registerBankSandbox(app, db, { now: core.now, banks: uses.banks });
  registerBankTransferSandbox(app, db, { now: core.now });
  registerGatewaySandbox(app, db, { webhookUrl: () => `${core.ownAddress()}/api/webhooks/gateway`, webhookSecret: core.webhookSecrets.gateway });
  registerPushSandbox(app, db, { ownAddress: core.ownAddress, now: core.now });
}
