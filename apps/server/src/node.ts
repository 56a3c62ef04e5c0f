import { tracing } from './tracing.js';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { type EmbeddedEngine, openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { closeGracefully } from './http/shutdown.js';
import { serveMetrics } from './http/metrics.js';
import { claimEmbeddedDatabase } from './http/backup-socket.js';
import { backupSocketPath } from './db/embedded-backup.js';
import { createPasswordHasher } from './modules/auth/password.js';
import { createFolderStorage } from './adapters/upload-storage.js';
import { seedDemoPromotions } from './seed/demo-promotions.js';
import { seedDemoChat } from './seed/demo-chat.js';
import { seedDemoSpin } from './seed/demo-spin.js';
import { seedDemoData, seedReferenceData } from './seed/seed.js';
import { DEMO_MEMBER, LAO_DEMO_MEMBER } from './seed/reference-data.js';

/**
 * A node: its database opened (PostgreSQL at DATABASE_URL, or the embedded one, instantiated from
 * `engine` when main.ts started compiling it), migrated and seeded, then its app listening until a
 * signal stops it.
 */
export async function startNode({ engine }: { engine?: Promise<EmbeddedEngine> | undefined }): Promise<void> {
  const config = loadConfig();

  // The embedded database is one process's: claimed before it is opened, given up after it is closed.
  const embeddedClaim = config.databaseUrl ? undefined : await claimEmbeddedDatabase(backupSocketPath(config.dataDir));
  // Until the app's logger exists, a cut connection is written to the console.
  let connectionLost = (error: Error) => console.warn(`database connection lost: ${error.message}`);
  const database = await openDatabase({
    onConnectionLost: (error) => connectionLost(error),
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    engine,
  });
  const applied = await migrate(database, { sandboxes: config.sandboxes });
  await seedReferenceData(database.db);
  const hasher = createPasswordHasher({ fast: config.fastHash });
  const seeded = config.seedDemo ? await seedDemoData(database.db, hasher, config.site) : false;
  if (config.seedDemo) {
    await seedDemoPromotions(database.db, createFolderStorage(config.uploadDir));
    await seedDemoSpin(database.db, config.site);
    await seedDemoChat(database.db);
  }

  const app = await buildApp({ config, database, hasher });
  connectionLost = (error) => app.log.warn({ err: error }, 'database connection lost: the pool opens a new one on the next call');
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  if (seeded) app.log.info(`demo data seeded (member ${config.site === 'la' ? LAO_DEMO_MEMBER.phone : DEMO_MEMBER.phone} / demo1234)`);

  const firstOperator = await app.adminService.ensureFirstOperator({
    username: config.adminUsername,
    password: config.adminPassword,
  });
  if (firstOperator?.generatedPassword) {
    // Printed once, on the console only, so the operator can sign in and change it.
    console.log(`\nFirst operator account: ${firstOperator.username} / ${firstOperator.generatedPassword}\n`);
  }

  // The embedded database is copied by this process only: `npm run backup` asks on the claim's socket.
  embeddedClaim?.serveBackups(database, app.log);
  await app.listen({ port: config.port, host: config.host });
  // On its own port the metrics need no token: that port is for the private network's scraper only.
  const metricsServer = config.metricsPort ? await serveMetrics(app.metrics, { port: config.metricsPort, host: config.host }) : undefined;
  if (metricsServer) app.log.info({ port: config.metricsPort }, 'metrics listening');

  let stopping = false;
  /**
   * SIGTERM (a deploy, the orchestrator): first drain, /readyz answering 503 for DRAIN_SECONDS while
   * the node still serves, so the balancer's health checks take it out before it stops listening;
   * then close gracefully. SIGINT (a developer's Ctrl-C) closes at once.
   */
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    const drainMs = signal === 'SIGTERM' ? config.drainMs : 0;
    const forceExit = setTimeout(() => process.exit(1), drainMs + 15_000);
    forceExit.unref();
    try {
      if (drainMs > 0) {
        app.readiness.drain();
        app.log.info({ signal, drainMs }, 'draining: /readyz answers 503, still serving');
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      metricsServer?.close();
      await closeGracefully(app, 10_000);
      await database.close();
      await embeddedClaim?.release();
      // The spans still batched go out before the process ends.
      await tracing?.shutdown();
    } finally {
      process.exit(0);
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
