import crypto from 'node:crypto';
import { Gauge } from 'prom-client';
import type { Core } from '../../core.js';
import { type Metrics, ageSeconds } from '../../metrics.js';
import { runCausedBy } from '../../request-context.js';

/**
 * The one reconciler (DESIGN §5): at start and every interval, on every node, it finishes what a
 * crash or an unknown answer from the outside world left open. Each sweep is idempotent and
 * claims its rows, so several nodes may run it at once; one sweep failing does not stop the others.
 */
export type Sweeps = Record<string, () => Promise<unknown>>;

/** What a sweep has still to finish: how many intents are open and since when the oldest. */
export interface OpenIntents {
  open: number;
  oldest: Date | null;
}
/** Each owner of intents a sweep finishes tells, by kind, how many are open (read from its own tables). */
export type OpenIntentReaders = Record<string, () => Promise<OpenIntents>>;

export function createReconciler(sweeps: Sweeps, log: { error(object: object, message: string): void }) {
  return {
    /** One run, with an id of its own that what it posts and audits records, as a request's id is (ADR 0339). */
    run(): Promise<Record<string, unknown>> {
      const runId = `reconcile-${crypto.randomUUID()}`;
      return runCausedBy(runId, async () => {
        const results: Record<string, unknown> = {};
        for (const [name, sweep] of Object.entries(sweeps)) {
          try {
            results[name] = await sweep();
          } catch (error) {
            log.error({ err: error, sweep: name, runId }, 'reconciler sweep failed');
            results[name] = { error: (error as Error).message };
          }
        }
        return results;
      });
    },
  };
}
export type Reconciler = ReturnType<typeof createReconciler>;

/** DESIGN §5: the reconciler runs at start and then every interval, on every node (every sweep is idempotent). */
export function scheduleReconciler(app: Core['app'], reconciler: Reconciler, intervalMs: number): void {
  scheduleEvery(app, 'reconciler', () => reconciler.run(), intervalMs);
}

/**
 * A job of its own cadence on every node, at start and then every interval (0: never), one run at a
 * time; each run has an id of its own (ADR 0339) and a failure is logged, never thrown.
 */
export function scheduleEvery(app: Core['app'], name: string, job: () => Promise<unknown>, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runCausedBy(`${name}-${crypto.randomUUID()}`, job);
    } catch (error) {
      app.log.error({ err: error }, `${name} run failed`);
    } finally {
      running = false;
    }
  };
  app.addHook('onListen', async () => {
    void run();
    timer = setInterval(() => void run(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The open intents of every kind, read from their owners when scraped (one query per kind). */
export function measureOpenIntents(metrics: Metrics, readers: OpenIntentReaders, now: () => Date): void {
  let reading: Promise<[string, OpenIntents][]> | undefined;
  const readAll = () =>
    (reading ??= Promise.all(Object.entries(readers).map(async ([kind, read]) => [kind, await read()] as [string, OpenIntents])).finally(() => (reading = undefined)));
  new Gauge({
    name: 'wallet_reconciler_open_intents',
    help: 'Intents a crash or an unknown answer may leave for the reconciler, open now, by kind.',
    labelNames: ['kind'] as const,
    registers: [metrics],
    async collect() {
      for (const [kind, { open }] of await readAll()) this.set({ kind }, open);
    },
  });
  new Gauge({
    name: 'wallet_reconciler_oldest_open_intent_age_seconds',
    help: 'Age of the oldest open intent, by kind (0: none open).',
    labelNames: ['kind'] as const,
    registers: [metrics],
    async collect() {
      const at = now();
      for (const [kind, { oldest }] of await readAll()) this.set({ kind }, ageSeconds(at, oldest));
    },
  });
}
