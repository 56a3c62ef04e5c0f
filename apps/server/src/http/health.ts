import type { Db } from '../db/database.js';
import type { App } from './types.js';

/** What this node tells the balancer beside its dependencies: it is leaving (SIGTERM). */
export interface Readiness {
  /** From now on /readyz answers 503 while every other route still serves: the balancer takes the node out first. */
  drain(): void;
  readonly draining: boolean;
}

export interface HealthDependencies {
  db: Db;
  /** With REDIS_URL: a ping of the shared Redis (flood counts, revocations, chat). */
  redis?: () => Promise<unknown>;
}

/** How long a dependency may take to answer a readiness check before it counts as away. */
const CHECK_TIMEOUT_MS = 1_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness (`/healthz`: the process answers, nothing else, never shed) and readiness (`/readyz`:
 * whether the balancer should send this node traffic). Not ready while the node drains, while it
 * sheds load (load-shedding.ts), or while PostgreSQL or, when configured, Redis does not answer.
 */
export function registerHealth(app: App, dependencies: HealthDependencies): Readiness {
  let draining = false;
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (draining) return reply.status(503).send({ status: 'draining' });
    // isUnderPressure exists once load shedding is registered (not in the sandbox provider's process).
    if (app.hasDecorator('isUnderPressure') && app.isUnderPressure()) return reply.status(503).send({ status: 'busy' });
    try {
      await within(dependencies.db.selectFrom('settings').select('key').limit(1).execute(), CHECK_TIMEOUT_MS);
      if (dependencies.redis) await within(dependencies.redis(), CHECK_TIMEOUT_MS);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: a dependency does not answer');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
  return {
    drain: () => void (draining = true),
    get draining() {
      return draining;
    },
  };
}
