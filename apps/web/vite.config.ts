import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, type Rolldown, defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const laos = process.env.VITE_SITE === 'la';
const NIGHT = '#0b1220';
/** Each build is its currency's product, by name and by the coin's sign (src/env.ts names it alike). */
const APP_NAME = process.env.VITE_APP_NAME ?? (laos ? 'Kip Wallet' : 'Baht Wallet');
/** The Laos build's favicon and app icons draw the kip's ₭ (public/kip/). */
const ICONS = laos ? '/kip' : '';

/**
 * The sections of a language's texts that the first screen (the public shell, /login, the offline
 * screen and the update prompt) draws; every other section loads with the first screen after it
 * (src/shared/i18n/index.ts). The error table (`errors`, 2.7 kB gzip in Thai) is not
 * drawn: /login loads it once the page is idle, and a failed login waits for it (LoginPage.tsx).
 */
export const FIRST_SCREEN_TEXTS = ['app', 'common', 'language', 'login', 'menu', 'money'];
/**
 * Sections that one sheet few members open draws: each is a part of its own
 * (`virtual:locale/<language>-<section>`), loaded with its feature (src/shared/i18n/index.ts,
 * loadSectionTexts), not with every screen after the first.
 */
export const OWN_PART_TEXTS = ['notices'];

type TextTree = Record<string, unknown>;
const isSection = (value: unknown): value is TextTree => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The kit's texts with the app's over them, section by section: the kit's mergeTexts again, as
 * the config is loaded by Node, which cannot import the kit's TypeScript.
 */
function mergeTexts(kit: TextTree, app: TextTree): TextTree {
  const merged: TextTree = { ...kit };
  for (const [section, texts] of Object.entries(app)) {
    const base = merged[section];
    merged[section] = isSection(base) && isSection(texts) ? { ...base, ...texts } : texts;
  }
  return merged;
}

/**
 * `virtual:locale/<language>-first`, `...-rest` and `...-<section>` (OWN_PART_TEXTS): the parts of src/shared/i18n/locales/<language>.json
 * over the client kit's texts of the language (the error texts, common buttons and currencies both
 * apps share: packages/client-kit/src/texts). The JSON files stay whole: they are what translators
 * and the key tests read.
 */
export function localeParts(): Plugin {
  const require = createRequire(import.meta.url);
  const PREFIX = 'virtual:locale/';
  return {
    name: 'locale-parts',
    enforce: 'pre',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [language, part] = id.slice(PREFIX.length + 1).split('-');
      const file = new URL(`./src/shared/i18n/locales/${language}.json`, import.meta.url).pathname;
      const kitFile = require.resolve(`@wallet/client-kit/texts/${language}.json`);
      this.addWatchFile(file);
      this.addWatchFile(kitFile);
      const texts = mergeTexts(JSON.parse(fs.readFileSync(kitFile, 'utf8')), JSON.parse(fs.readFileSync(file, 'utf8')));
      const inPart = (section: string) =>
        part === 'first' ? FIRST_SCREEN_TEXTS.includes(section) : part === 'rest' ? !FIRST_SCREEN_TEXTS.includes(section) && !OWN_PART_TEXTS.includes(section) : section === part;
      const picked = Object.fromEntries(Object.entries(texts).filter(([section]) => inPart(section)));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}

/**
 * The first screen of the build's language (Thai, or Lao in the Laos build) without
 * waiting and without a fallback font. The page draws nothing until its script has run and the
 * language's texts are in, so what it needs is asked for with the page: the texts' chunk (a
 * modulepreload; a member who chose another language fetches theirs after, and the default's few kB
 * were for nothing) and the three weights of that script's font subset on the first screen (400,
 * 600, 700; src/fonts.css has the faces). index.html also names the build's language.
 */
function firstPaintAssets(): Plugin {
  const language = laos ? 'lo' : 'th';
  const subset = laos ? 'noto-sans-lao-lao' : 'noto-sans-thai-thai';
  return {
    name: 'first-paint-assets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const fonts = Object.keys(bundle).filter((file) => file.endsWith('.woff2') && /-(400|600|700)-normal-/.test(file) && file.includes(`/${subset}-`));
        if (fonts.length !== 3) throw new Error(`expected the 3 weights of ${subset} in the build, found ${fonts.length}`);
        const texts = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId === `\0virtual:locale/${language}-first`);
        if (!texts) throw new Error(`no chunk of the ${language} texts in the build`);
        return {
          html: html
            .replace('<html lang="th">', `<html lang="${language}">`)
            .replace('<title>Baht Wallet</title>', `<title>${APP_NAME}</title>`)
            .replace('href="/favicon.svg"', `href="${ICONS}/favicon.svg"`)
            .replace('href="/icon-192.png"', `href="${ICONS}/icon-192.png"`),
          tags: [
            { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${texts.fileName}` }, injectTo: 'head' as const },
            ...fonts.sort().map((file) => ({ tag: 'link', attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' as const })),
          ],
        };
      },
    },
  };
}

const MODULE_SCRIPT = '<script type="module"';

/** The member shell and home's screen: what only members' screens draw (homeChunks). */
const MEMBER_SCREENS = ['src/app/shells/MemberShell.tsx', 'src/features/home/HomePage.tsx'];

/**
 * What home draws on a member's first visit, besides the entry: the member shell, home's screen,
 * the server-state client and the rest of the language's texts (scripts/web-budget.mjs counts the
 * same). Each is a lazy import of the one before it, so without a word from the page the browser
 * learns of each only once the one before has run.
 */
const HOME_SCREENS = [...MEMBER_SCREENS, 'src/app/query.tsx', '\0virtual:locale/LANGUAGE-rest'];
/** What the router loads before drawing /register: its screen, the server-state client and the rest of the texts. */
const REGISTER_SCREENS = ['src/features/register/RegisterPage.tsx', 'src/app/query.tsx', '\0virtual:locale/LANGUAGE-rest'];

/**
 * Pages of their own for the screens members open first: index.html with a modulepreload of every
 * file of the screen (its SCREENS and their static imports), so that they download beside the entry
 * instead of one wave after another (ADR 0448). /user/home's (user/home.html) also names
 * public/early-reads.js ahead of the module script, told the answers' worker's address, so that
 * home's first reads and the worker start as the page is parsed (ADR 0446). The server sends each
 * for its address, and the service worker serves its precached copy there (Workbox looks up
 * `/register.html` for `/register`); every other address gets index.html.
 */
const SCREEN_PAGES = [
  { fileName: 'user/home.html', screens: HOME_SCREENS, earlyReads: true },
  { fileName: 'register.html', screens: REGISTER_SCREENS, earlyReads: false },
];

function screenPages(): Plugin {
  const language = laos ? 'lo' : 'th';
  return {
    name: 'screen-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      const worker = Object.keys(bundle).find((file) => /^assets\/answer-check\.worker-[\w-]+\.js$/.test(file));
      if (index?.type !== 'asset' || !String(index.source).includes(MODULE_SCRIPT)) throw new Error('no index.html with a module script in the build');
      if (!worker) throw new Error("no answers' worker in the build");
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      for (const { fileName, screens, earlyReads } of SCREEN_PAGES) {
        const screenFiles = screens.map((screen) => screen.replace('LANGUAGE', language)).map((screen) => {
          const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id === screen || id.endsWith(`/apps/web/${screen}`)));
          if (!chunk) throw new Error(`no chunk of ${screen} in the build`);
          return chunk.fileName;
        });
        const files = new Set<string>();
        const add = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || file === entry?.fileName || chunk?.type !== 'chunk') return;
          files.add(file);
          for (const imported of chunk.imports) add(imported);
        };
        for (const file of screenFiles) add(file);
        const preloads = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
        let page = String(index.source).replace('<link rel="manifest"', `${preloads}\n  <link rel="manifest"`);
        if (earlyReads) page = page.replace(MODULE_SCRIPT, `<script src="/early-reads.js" data-worker="/${worker}"></script>${MODULE_SCRIPT}`);
        this.emitFile({ type: 'asset', fileName, source: page });
      }
    },
  };
}

/** The screens drawn outside the member shell, and the entry: what they load must not grow by home's files. */
const PUBLIC_SCREENS = [
  'src/main.tsx',
  'src/app/query.tsx',
  'src/app/contact.tsx',
  'src/features/register/RegisterPage.tsx',
  'src/features/forgot-password/ForgotPasswordPage.tsx',
  'src/features/howto/HowtoPage.tsx',
  'src/features/errors/TerminatedPage.tsx',
  'src/features/errors/NotFoundPage.tsx',
];
const HERE = path.dirname(fileURLToPath(import.meta.url));
/**
 * The contract's modules that home and the public screens both use. They are reached through the
 * contract's index, which the closures below do not follow, so they are named here; the size check
 * (scripts/web-budget.mjs) fails when a public screen loads home's chunk, which is what a missing one does.
 */
const SHARED_CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]money\.ts$/;
const PACKAGE_INDEX = /[\\/]packages[\\/][\w-]+[\\/]src[\\/]index\.ts$/;

/**
 * What home draws besides the entry, in two files instead of the 16 the bundler cut it into when
 * left to itself (0.1–12 kB each, as other screens share some of each): one more request beside the
 * entry on a phone's few connections costs more than a few kB (ADR 0458). `home` holds what no
 * public screen needs: the member shell, home's screen and the member-side pieces both import.
 * `common` holds what home shares with the public screens (the server-state client, money, the
 * answers' checks), so /register and the others load nothing of home's.
 */
function homeChunks(): Rolldown.CodeSplittingGroup[] {
  let split: { home: Set<string>; common: Set<string> } | undefined;
  const staticClosure = (roots: string[], context: Rolldown.ChunkingContext) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      // A package's index re-exports all of it: what is used of it is followed by the group's own
      // dependencies, not claimed through the index.
      if (PACKAGE_INDEX.test(id)) return;
      for (const imported of context.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    for (const root of roots) visit(path.join(HERE, root));
    return seen;
  };
  const groupOf = (moduleId: string, context: Rolldown.ChunkingContext) => {
    if (!split) {
      const publicScreens = staticClosure(PUBLIC_SCREENS, context);
      const home = [...staticClosure(MEMBER_SCREENS, context)];
      split = { home: new Set(home.filter((id) => !publicScreens.has(id))), common: new Set(home.filter((id) => publicScreens.has(id))) };
    }
    if (split.common.has(moduleId) || SHARED_CONTRACT.test(moduleId)) return 'common';
    return split.home.has(moduleId) ? 'home' : null;
  };
  const group = (name: 'common' | 'home', priority: number): Rolldown.CodeSplittingGroup => ({ name: (moduleId, context) => (groupOf(moduleId, context) === name ? name : null), priority });
  return [group('common', 20), group('home', 10)];
}

/**
 * `.vite/modules.json`: the chunk of each of the app's own modules (by path from apps/web). The
 * manifest names a screen's chunk only when the screen has one of its own; home's and the member
 * shell's are in the `home` group's chunk (homeChunks), and the size check (scripts/web-budget.mjs)
 * finds them here.
 */
function moduleChunks(): Plugin {
  return {
    name: 'module-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) if (id.startsWith(`${HERE}${path.sep}`)) modules[path.relative(HERE, id)] = output.fileName;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(modules) });
    },
  };
}

/**
 * The service worker's push and notification-click handlers (sw/notice-handlers.js), with the
 * build's icon filled in: the Thai and the Lao build share one public folder, so a file there could
 * not know which icon is its build's. Named by its content, so an update is never served from a
 * browser's HTTP cache (service workers fetch imported scripts through it by default).
 */
export const NOTICE_HANDLERS = (() => {
  const source = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'sw/notice-handlers.js'), 'utf8').replace('__NOTICE_ICON__', `${ICONS}/icon-192.png`);
  return { source, fileName: `notice-handlers-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js` };
})();

function noticeHandlers(): Plugin {
  return {
    name: 'notice-handlers',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: NOTICE_HANDLERS.fileName, source: NOTICE_HANDLERS.source });
    },
  };
}

/**
 * React Router 7's package exports point every bundler at its development build, whose dev-only
 * warnings (and the code behind them) stay in a production bundle (remix-run/react-router#14102,
 * open). The package ships the same code built with them off in dist/production: builds use that
 * (0.5 kB gzip less on /login); the dev server and the tests keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const production = path.join(packageDir, 'dist/production/index.mjs');
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config() {
      if (!fs.existsSync(production)) throw new Error(`${production} is missing: react-router no longer ships a production build there; drop this plugin`);
      return { resolve: { alias: [{ find: /^react-router$/, replacement: production }] } };
    },
  };
}

/**
 * dayjs's package points bundlers at its CommonJS build: each lazy screen's chunk that shares it
 * then needs the bundler's CommonJS helpers, which it splits into a chunk of their own that /login
 * loads too. The package ships the same code as ES modules in esm/: builds use that.
 */
function dayjsModules(): Plugin {
  const esm = path.join(path.dirname(createRequire(import.meta.url).resolve('dayjs/package.json')), 'esm');
  return {
    name: 'dayjs-es-modules',
    apply: 'build',
    config() {
      if (!fs.existsSync(path.join(esm, 'index.js'))) throw new Error(`${esm}/index.js is missing: dayjs no longer ships ES modules there; drop this plugin`);
      return { resolve: { alias: [{ find: /^dayjs$/, replacement: path.join(esm, 'index.js') }, { find: /^dayjs\/(plugin\/[^/]+)$/, replacement: `${esm}/$1/index.js` }, { find: /^dayjs\/(locale\/[^/]+)$/, replacement: `${esm}/$1.js` }] } };
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    dayjsModules(),
    tailwindcss(),
    localeParts(),
    firstPaintAssets(),
    screenPages(),
    moduleChunks(),
    noticeHandlers(),
    // Compressed once at build time, at the smallest settings, and served as they are (preCompressed
    // in the server): brotli to browsers that take it (every phone over HTTPS), gzip to the rest.
    compression({ algorithms: [defineAlgorithm('gzip', { level: 9 }), 'brotliCompress'], threshold: 1024 }),
    // Installable: a manifest, and a service worker that keeps the app's shell and
    // fonts for offline starts. It never caches API answers (money figures) or uploads: only the
    // built files are precached, and every other request goes to the network.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: [`${ICONS.slice(1)}${ICONS ? '/' : ''}favicon.svg`],
      manifest: {
        name: APP_NAME,
        short_name: APP_NAME,
        lang: laos ? 'lo' : 'th',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: NIGHT,
        theme_color: NIGHT,
        icons: [
          { src: `${ICONS}/icon-192.png`, sizes: '192x192', type: 'image/png' },
          { src: `${ICONS}/icon-512.png`, sizes: '512x512', type: 'image/png' },
          { src: `${ICONS}/icon-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Only this build's icons: the other currency's are in the output too (one public folder).
        // The notice handlers are the service worker's own import, not a file of the app to precache.
        globIgnores: [...(laos ? ['favicon.svg', 'icon-*.png'] : ['kip/**']), 'notice-handlers-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//, /^\/admin/, /^\/socket\.io/, /^\/readyz/, /^\/healthz/, /^\/docs/],
        runtimeCaching: [],
        // Push notices: shown as notifications, opened in the app (precaching stays as it was).
        importScripts: [`/${NOTICE_HANDLERS.fileName}`],
      },
    }),
  ],
  server: { proxy: { '/api': 'http://localhost:8080', '/sandbox': 'http://localhost:8080' } },
  // The answers' checker (shared/api/answer-check.worker.ts) is a module worker: one file, zod and the schemas in it.
  worker: { format: 'es' },
  // Each build has its own output, so the Thai and the Lao one can be served side by side.
  // The manifest (dist/.vite/manifest.json) lets scripts/web-budget.mjs work out what each route loads.
  build: {
    outDir: laos ? 'dist-la' : 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    manifest: true,
    // Every browser of the build's targets preloads modules itself except Safari 16.4–16.x, which
    // then fetches a lazy screen's imports after the screen instead of beside it: the polyfill
    // (0.2 kB gzip on /login) is not worth that.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (React, the router, i18next, the
        // public shell and /login) is one file. Left to itself the bundler cuts out each module that
        // a lazy screen shares with the entry as a chunk of its own (React, react-i18next's hook,
        // the site profile…): 10 requests before the first paint instead of 2, and ~2 kB more
        // gzip. Lazy screens import what they share from the entry.
        // Lazy chunks are named by their hash alone: the entry lists every chunk's file name to
        // preload a screen's imports, and the screens' names cost /login bytes for nothing.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'], priority: 30 }, ...homeChunks(), { name: 'protection', test: /[\\/]src[\\/]shared[\\/](protection|api[\\/]protection|ui[\\/](BreakNowButton|LimitPrompt))[\\/.]/ }] },
      },
    },
  },
});
