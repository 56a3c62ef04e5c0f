import type { Core } from '../../core.js';

/**
 * The one reconciler (DESIGN §5): at start and every interval, on every node, it finishes what a
 * crash or an unknown answer from the outside world left open. Each sweep is idempotent and
 * claims its rows, so several nodes may run it at once; one sweep failing does not stop the others.
 */
export type Sweeps = Record<string, () => Promise<unknown>>;

export function createReconciler(sweeps: Sweeps, log: { error(object: object, message: string): void }) {
  return {
    async run(): Promise<Record<string, unknown>> {
      const results: Record<string, unknown> = {};
      for (const [name, sweep] of Object.entries(sweeps)) {
        try {
          results[name] = await sweep();
        } catch (error) {
          log.error({ err: error, sweep: name }, 'reconciler sweep failed');
          results[name] = { error: (error as Error).message };
        }
      }
      return results;
    },
  };
}
export type Reconciler = ReturnType<typeof createReconciler>;

/** DESIGN §5: the reconciler runs at start and then every interval, on every node (every sweep is idempotent). */
export function scheduleReconciler(app: Core['app'], reconciler: Reconciler, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await reconciler.run();
    } catch (error) {
      app.log.error({ err: error }, 'reconciler run failed');
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
