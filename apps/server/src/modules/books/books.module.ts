import { Gauge } from 'prom-client';
import type { Core } from '../../core.js';
import { sharedRead } from '../../metrics.js';
import { registerBooksRoutes } from './books.routes.js';
import { createBooksService } from './books.service.js';

/** The books proven every hour: the ledger's invariants and the player funds, kept and audited. */
export function registerBooksModule(core: Pick<Core, 'app' | 'db' | 'ledger' | 'auditTrail' | 'now' | 'jobs' | 'metrics'>) {
  const books = createBooksService(core);
  registerBooksRoutes(core.app, books);
  // Every reconciler run asks; only the first run of an hour, on one node, finds the hour unclaimed.
  core.jobs.booksCheck = () => books.checkDue();
  measureBooks(core, books);
  return books;
}

/** The latest check, read when scraped: what the alerts on the books read. */
function measureBooks(core: Pick<Core, 'metrics'>, books: ReturnType<typeof createBooksService>): void {
  const read = sharedRead(() => books.latest());
  new Gauge({
    name: 'wallet_books_breaches',
    help: 'Breaches the latest proof of the books found: accounts not summing to zero, balances not equal to their transfers, holds without their rows (0: the books balance, or no proof yet).',
    registers: [core.metrics],
    async collect() {
      this.set((await read())?.breaches ?? 0);
    },
  });
  new Gauge({
    name: 'wallet_books_last_check_timestamp_seconds',
    help: 'When the latest proof of the books finished, in seconds since the epoch (0: none yet).',
    registers: [core.metrics],
    async collect() {
      const finished = (await read())?.finished_at;
      this.set(finished ? new Date(finished).getTime() / 1000 : 0);
    },
  });
}
