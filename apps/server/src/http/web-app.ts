import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Db } from '../db/database.js';
import type { App } from './types.js';

/** Liveness, and readiness that needs the database. */
export function registerHealth(app: App, db: Db): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await db.selectFrom('settings').select('key').limit(1).execute();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}

const CONSOLE_PREFIX = '/admin';

/** Built files: hashed assets are kept for a year, the rest (index.html) is asked for again each time. */
const cacheHeaders = (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/**
 * The two built SPAs, each with history-mode fallback: the operator console under /admin, the
 * member app everywhere else (nothing of the console is in the member app). Unknown API paths stay
 * JSON 404s.
 */
export function registerWebApp(app: App, dists: { web: string; console: string }): void {
  const hasWeb = fs.existsSync(path.join(dists.web, 'index.html'));
  const hasConsole = fs.existsSync(path.join(dists.console, 'index.html'));
  // The member app's build carries its files compressed (.br, .gz): sent as they are, not compressed
  // per request. cacheControl off: `send`'s own header (max-age=0) would replace cacheHeaders'.
  const served = { wildcard: false, setHeaders: cacheHeaders, cacheControl: false };
  if (hasWeb) app.register(fastifyStatic, { ...served, root: dists.web, preCompressed: true });
  if (hasConsole) app.register(fastifyStatic, { ...served, root: dists.console, prefix: `${CONSOLE_PREFIX}/`, decorateReply: !hasWeb });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/sandbox/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      const inConsole = request.url === CONSOLE_PREFIX || request.url.startsWith(`${CONSOLE_PREFIX}/`) || request.url.startsWith(`${CONSOLE_PREFIX}?`);
      if (inConsole && hasConsole) return reply.header('cache-control', 'no-cache').sendFile('index.html', dists.console);
      if (!inConsole && hasWeb) return reply.header('cache-control', 'no-cache').sendFile('index.html', dists.web);
    }
    return reply.status(404).send({ message: 'NO_DATA' });
  });
}
