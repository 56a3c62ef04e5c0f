import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SITE_PROFILES, type Site } from '@wallet/contract';
import type { App } from './types.js';

const CONSOLE_PREFIX = '/admin';
/**
 * Screens with a page of their own in the member app's build: index.html naming every file of the
 * screen (ADR 0448), and for home its early reads (ADR 0446).
 */
const SCREEN_PAGES: Record<string, string> = { '/user/home': 'user/home.html', '/register': 'register.html' };

/** Built files: hashed assets are kept for a year, the rest (index.html) is asked for again each time. */
const cacheHeaders = (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/**
 * A request for a file rather than a screen: anything under a build's assets folder, or a last path
 * segment with an extension (`/old-chunk.js`, `/favicon.png`). Such a request that matched no built
 * file is a 404: answering a script from a deploy before with index.html makes the browser fail on
 * HTML served as JavaScript instead of the app's "new version" handling of a failed chunk load.
 */
const asksForAFile = (url: string): boolean => {
  const pathname = url.split('?')[0] ?? url;
  if (pathname.startsWith('/assets/') || pathname.startsWith(`${CONSOLE_PREFIX}/assets/`)) return true;
  return /\.[a-z0-9]{1,8}$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
};

/**
 * The two built SPAs, each with history-mode fallback: the operator console under /admin, the
 * member app everywhere else (nothing of the console is in the member app). Unknown API paths stay
 * JSON 404s, and so do files a build does not have.
 *
 * One console build serves both sites, so the console learns the site from its page: the server
 * writes the site's language into `<html lang>` (Lao on the Laos site), which the console starts in
 * until the desk picks another language.
 */
export function registerWebApp(app: App, dists: { web: string; console: string }, site: Site = 'th'): void {
  const hasWeb = fs.existsSync(path.join(dists.web, 'index.html'));
  const hasConsole = fs.existsSync(path.join(dists.console, 'index.html'));
  const language = SITE_PROFILES[site].defaultLanguage;
  const screenPages = new Map(hasWeb ? Object.entries(SCREEN_PAGES).filter(([, page]) => fs.existsSync(path.join(dists.web, page))) : []);
  const consolePage = hasConsole ? fs.readFileSync(path.join(dists.console, 'index.html'), 'utf8').replace(/<html lang="[a-z]+"/, `<html lang="${language}"`) : '';
  // The member app's build carries its files compressed (.br, .gz): sent as they are, not compressed
  // per request. cacheControl off: `send`'s own header (max-age=0) would replace cacheHeaders'.
  // wildcard: one route that looks a file up when asked, not one per file made at start (a
  // missing file goes on to the not-found handler below all the same).
  const served = { wildcard: true, setHeaders: cacheHeaders, cacheControl: false };
  if (hasWeb) app.register(fastifyStatic, { ...served, root: dists.web, preCompressed: true });
  // /admin/ too is the page with the site's language, sent below: a folder is never a file here.
  if (hasConsole) app.register(fastifyStatic, { ...served, root: dists.console, prefix: `${CONSOLE_PREFIX}/`, decorateReply: !hasWeb, index: false, allowedPath: (pathName) => !pathName.endsWith('/') });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/sandbox/');
    if (!isApi && !asksForAFile(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      const inConsole = request.url === CONSOLE_PREFIX || request.url.startsWith(`${CONSOLE_PREFIX}/`) || request.url.startsWith(`${CONSOLE_PREFIX}?`);
      if (inConsole && hasConsole) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(consolePage);
      const screenPage = inConsole ? undefined : screenPages.get(request.url.split('?')[0] ?? '');
      if (screenPage) return reply.header('cache-control', 'no-cache').sendFile(screenPage, dists.web);
      if (!inConsole && hasWeb) return reply.header('cache-control', 'no-cache').sendFile('index.html', dists.web);
    }
    return reply.status(404).send({ message: 'NO_DATA' });
  });
}
