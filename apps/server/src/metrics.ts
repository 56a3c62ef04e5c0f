import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from './db/database.js';

/** Every metric's name starts with this (docs/operations.md "Metrics"). */
export const METRIC_PREFIX = 'wallet_';

/** OpenTelemetry's advised buckets for http.server.request.duration, in seconds. */
export const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Buckets for waits members feel in seconds to minutes: a deposit's credit, a queued withdrawal. */
export const WAIT_BUCKETS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600];

/**
 * The app's metrics: each app has its own registry (tests build many apps in one process) and each
 * module registers what it measures on it. The process's own figures (CPU, memory, event-loop
 * delay, garbage collection) are one per process, collected once by prom-client's collectors.
 */
export type Metrics = Registry;

let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: METRIC_PREFIX });
  }
  return processMetrics;
}

/** The registry for one app, with the database pool's gauges (read from the pool when scraped). */
export function createMetrics(database: Pick<DatabaseHandle, 'poolUsage'>): Metrics {
  const registry = new Registry();
  // PGlite is one embedded session, no pool: nothing lent out, nothing waiting.
  const usage = () => database.poolUsage?.() ?? { total: 0, idle: 0, waiting: 0 };
  new Gauge({
    name: 'wallet_db_pool_connections_in_use',
    help: 'PostgreSQL pool connections lent out to a query or transaction now (0 on PGlite).',
    registers: [registry],
    collect() {
      const { total, idle } = usage();
      this.set(total - idle);
    },
  });
  new Gauge({
    name: 'wallet_db_pool_waiting_requests',
    help: 'Queries and transactions waiting for a free PostgreSQL pool connection now (0 on PGlite).',
    registers: [registry],
    collect() {
      this.set(usage().waiting);
    },
  });
  return registry;
}

/** The exposition text: this app's metrics and the process's. */
export async function scrape(metrics: Metrics): Promise<{ contentType: string; body: string }> {
  const merged = Registry.merge([processRegistry(), metrics]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}

/**
 * A read that several gauges of one scrape share: the first gauge to collect starts it, the
 * others (collected at the same time) wait for the same answer, so a scrape costs one query.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= read().finally(() => (pending = undefined)));
}

/** Seconds from `since` to `now`; 0 when there is nothing waiting. */
export const ageSeconds = (now: Date, since: Date | null | undefined): number => (since ? Math.max(0, now.getTime() - since.getTime()) / 1000 : 0);

/**
 * A metric several pieces of one app share (each service that builds a login guard, say): the
 * first to ask registers it, the others get the same one.
 */
export function shared<T>(metrics: Metrics, name: string, create: () => T): T {
  return (metrics.getSingleMetric(name) as T | undefined) ?? create();
}
