import http from 'node:http';
import { Histogram } from 'prom-client';
import { type Metrics, REQUEST_DURATION_BUCKETS, scrape } from '../metrics.js';
import { operator } from './auth.js';
import type { App } from './types.js';

/**
 * Every answer's duration by method, route template (never the path itself: ids would become
 * labels) and status. One histogram observation per request, nothing more.
 */
export function measureRequests(app: App, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'wallet_http_server_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_DURATION_BUCKETS,
    registers: [metrics],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics on the API port, for an operator with the admin role (never public: the figures
 * describe the business). Left out of the API document: it is for the scraper, not for clients.
 */
export function registerMetricsRoute(app: App, metrics: Metrics): void {
  app.get('/metrics', { config: operator('admin'), schema: { hide: true } }, async (_request, reply) => {
    const { contentType, body } = await scrape(metrics);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

/** METRICS_PORT: the metrics alone on their own listener, for a scraper on the private network. */
export async function serveMetrics(metrics: Metrics, options: { port: number; host: string }): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    scrape(metrics).then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, options.host, resolve));
  return server;
}
