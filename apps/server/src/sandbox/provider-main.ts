// The sandbox game provider alone, in a process of its own, as a real provider runs apart from the
// wallet: `npm run bench` starts it beside the API rather than a second whole wallet
// server. It uses the tables the wallet server's migrations made, in the database DATABASE_URL names;
// with SANDBOX_PROVIDER_BOOKS=memory it keeps its books in memory from the players found there at
// start, as a real provider keeps them on its own machines (the bench does this).
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createServer } from '../http/server.js';
import { closeGracefully } from '../http/shutdown.js';
import { registerHealth } from '../http/health.js';
import { databaseBooks, memoryBooks } from './provider.books.js';
import { registerProviderSandbox } from './provider.sandbox.js';

const config = loadConfig();
if (!config.databaseUrl) throw new Error('the provider sandbox runs on PostgreSQL: set DATABASE_URL');
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize });
const app = await createServer(config, { forBrowsers: false });
await registerProviderSandbox(app, config.sandboxProviderBooks === 'memory' ? await memoryBooks(database.db) : databaseBooks(database.db));
registerHealth(app, { db: database.db });
await app.listen({ port: config.port, host: config.host });

process.once('SIGTERM', () => {
  void closeGracefully(app, 5_000)
    .then(() => database.close())
    .finally(() => process.exit(0));
});
