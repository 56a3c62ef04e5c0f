import { createFolderStorage } from '../../adapters/upload-storage.js';
import type { Core } from '../../core.js';
import { registerAuditRoutes } from './audit.routes.js';
import { type AuditService, createAuditService } from './audit.service.js';
import { createCheckpointStore } from './checkpoint-store.js';

/** The audit log for auditors (entries are written by `core.auditTrail` in each change's transaction). */
export function registerAuditModule(core: Pick<Core, 'app' | 'config' | 'db' | 'auditChain' | 'now' | 'site'>) {
  const audit = createAuditService({ db: core.db, chain: core.auditChain, checkpoints: createCheckpointStore(createFolderStorage(core.config.uploadDir)), now: core.now, site: core.site });
  registerAuditRoutes(core.app, audit, core.site.timeZone);
  scheduleCheckpoints(core.app, audit, core.config.auditCheckpointIntervalMs);
  return audit;
}

/** A checkpoint when the server starts listening, every interval, and when it stops. */
function scheduleCheckpoints(app: Core['app'], audit: AuditService, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const anchor = async () => {
    try {
      const { refused } = await audit.writeCheckpoint();
      if (refused) app.log.error({ standing: refused }, 'audit checkpoint not written: the latest one no longer holds (npm run audit:verify)');
    } catch (error) {
      app.log.error({ err: error }, 'audit checkpoint failed');
    }
  };
  app.addHook('onListen', async () => {
    void anchor();
    timer = setInterval(() => void anchor(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await anchor();
  });
}
