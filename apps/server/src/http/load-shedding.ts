import v8 from 'node:v8';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import type { ErrorBody } from '@wallet/contract';
import type { AppConfig } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { App } from './types.js';

/** Only API calls are shed: probes and the scraper must see an overloaded node, and the app's files cost next to nothing. */
const shedsCall = (url: string) => url.startsWith('/api/');

/**
 * Load shedding (@fastify/under-pressure): while the event loop lags or the heap nears its limit,
 * an API call is answered at once with 503 BUSY and Retry-After, before any work, instead of
 * joining a queue where every call would wait until it timed out. The node recovers by itself as
 * soon as the next sample (each second) is under the bounds. `/readyz` answers 503 meanwhile
 * (health.ts), so the balancer sends new traffic elsewhere.
 */
export async function registerLoadShedding(app: App, settings: AppConfig['loadShedding'], metrics: Metrics): Promise<void> {
  const shed = new Counter({
    name: 'wallet_http_requests_shed_total',
    help: 'API calls answered 503 BUSY without being served because the node was overloaded, by the bound exceeded.',
    labelNames: ['reason'] as const,
    registers: [metrics],
  });
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  // The plugin lets a call through when this returns nothing, and sends what it returns otherwise,
  // stopping the other hooks (a reply sent here and nothing returned would run the flood guard
  // and authentication all the same). It must stay synchronous: a promise lets the call through.
  const answerOrPass = (request: FastifyRequest, reply: FastifyReply, type: string): ErrorBody | undefined => {
    if (!shedsCall(request.url)) return undefined;
    shed.inc({ reason: type });
    reply.code(503).header('retry-after', String(settings.retryAfterSeconds));
    return { message: 'BUSY' };
  };
  const options: FastifyUnderPressureOptions = {
    maxEventLoopDelay: settings.eventLoopDelayMs,
    maxHeapUsedBytes: Math.floor((heapLimit * settings.heapUsedPercent) / 100),
    retryAfter: settings.retryAfterSeconds,
    // Its declared type says void; what it does with a returned body is in its source (handlePressure).
    pressureHandler: answerOrPass as NonNullable<FastifyUnderPressureOptions['pressureHandler']>,
  };
  await app.register(underPressure, options);
}
