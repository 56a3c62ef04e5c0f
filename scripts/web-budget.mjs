// What each route of the built member app loads, and its size budget.
//
//   node scripts/web-budget.mjs [--dist apps/web/dist] [--budget 120] [--home-budget 160]
//
// Static: reads the build's manifest (dist/.vite/manifest.json) and index.html, no browser. A
// route loads what index.html asks for up front (the entry and its modulepreloads: every static
// import), the chosen language's texts (one chunk, fetched by the entry before the first paint),
// and the lazy chunks of its screens with their static imports. Sizes in kB of 1,000 bytes as Vite
// prints them: gzip at zlib's default level (the budget: what most servers send), and brotli as our
// server sends it (the .br file the build made, which browsers take over HTTPS). Exits 1 when
// /login's initial JavaScript passes its budget, or what /user/home loads before drawing passes
// its own: that one holds where home stands while its goal (HOME_GOAL_KB) is not yet met. Also
// exits 1 when a route's own page (PAGES) leaves out a file that its screens load, or when home or
// a screen of WITHOUT_ZOD would load zod on the main thread.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;

/** The screens each measured route draws on its first visit (sources as the manifest names them). */
export const ROUTES = {
  '/login': [],
  '/register': ['src/features/register/RegisterPage.tsx', 'src/app/query.tsx', '$rest'],
  '/forgot-password': ['src/features/forgot-password/ForgotPasswordPage.tsx', 'src/app/query.tsx', '$rest'],
  '/user/home': ['src/app/shells/MemberShell.tsx', 'src/features/home/HomePage.tsx', 'src/app/query.tsx', '$rest'],
};

/**
 * Routes with a page of their own in the build (vite.config.ts), which asks for more than index.html:
 * its screens' files, every one of which it must name.
 */
const PAGES = { '/user/home': 'user/home.html', '/register': 'register.html' };

/**
 * Screens drawn without zod on the main thread, besides home's own: what home loads once it is idle
 * (HomePage.tsx: the forms a tap opens), the statement, the profile and the figures. Building the
 * contract's schemas there took about 100 ms of home's load (ADR 0449); the answers' schemas are the
 * worker's (ADR 0441). Still with zod: the contact tab (its chat reads its messages' cards with it)
 * and the notices' sheet.
 */
const WITHOUT_ZOD = [
  'src/features/deposit/index.ts',
  'src/features/withdraw/index.ts',
  'src/features/conditions/ConditionsModal.tsx',
  'src/features/home/modals/GameAccountModal.tsx',
  'src/features/home/modals/TransferModal.tsx',
  'src/shared/ui/RewardFigures.tsx',
  'src/features/statement/StatementPage.tsx',
  'src/features/profile/ProfilePage.tsx',
  'src/features/figures/FiguresPage.tsx',
];
/** The screens whose chunk holds what only members' screens draw (vite.config.ts, homeChunks). */
const HOME_OWN = ['src/app/shells/MemberShell.tsx', 'src/features/home/HomePage.tsx'];

/** A string of zod's own code, in whichever file the bundler put it. */
const ZOD_MARK = '$ZodType';

/** The two parts of a language's texts (vite.config.ts, localeParts). */
const LOCALE_PART = (language, part) => `virtual:locale/${language}-${part}`;

export const gzipSize = (buffer) => zlib.gzipSync(buffer).length;

function readManifest(dist) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the web app first (npm run build -w @wallet/web)`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The language the build starts in: index.html's lang (th, or lo in the Laos build). */
function defaultLanguage(html) {
  return /<html[^>]*\blang="([a-z]+)"/.exec(html)?.[1] ?? 'th';
}

/**
 * For each route: the JavaScript and CSS files it loads before its screen is drawn, each with its
 * gzip size. `initial` is the part index.html and the language load, shared by every route.
 */
export function routeLoads(dist) {
  const manifest = readManifest(dist);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const language = defaultLanguage(html);
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  // A screen in a group's chunk (vite.config.ts, homeChunks) is no key of the manifest: its chunk is.
  const modulesFile = path.join(dist, '.vite', 'modules.json');
  const chunkOfModule = fs.existsSync(modulesFile) ? JSON.parse(fs.readFileSync(modulesFile, 'utf8')) : {};
  const keyOf = (screen) => manifest[screen] ? screen : Object.keys(manifest).find((key) => chunkOfModule[screen] && manifest[key].file === chunkOfModule[screen]);

  /** A chunk and everything it imports statically (the browser fetches them before running it). */
  function closure(keys, js = new Set(), css = new Set()) {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build's manifest`);
      if (js.has(chunk.file)) continue;
      js.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
      closure(chunk.imports ?? [], js, css);
    }
    return { js, css };
  }

  // What a page asks for up front: its scripts, modulepreloads and style sheets.
  const askedBy = (page) => [...page.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  const asked = askedBy(html);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const initial = closure([entryKey]);
  for (const file of asked) {
    if (file.endsWith('.css')) initial.css.add(file);
    else if (byFile.has(file)) closure([Object.keys(manifest).find((key) => manifest[key].file === file)], initial.js, initial.css);
    else initial.js.add(file);
  }
  const languageChunk = manifest[LOCALE_PART(language, 'first')];
  if (!languageChunk) throw new Error(`no chunk of the ${language} texts in the build`);
  initial.js.add(languageChunk.file);

  const size = (file) => gzipSize(fs.readFileSync(path.join(dist, file)));
  // Files under the build's compression threshold go out as they are.
  const served = (file) => fs.statSync(path.join(dist, fs.existsSync(path.join(dist, `${file}.br`)) ? `${file}.br` : file)).size;
  const describe = ({ js, css }) => {
    const files = [...js].map((file) => ({ file, gzip: size(file), brotli: served(file) }));
    const sheets = [...css].map((file) => ({ file, gzip: size(file) }));
    return {
      js: files,
      css: sheets,
      jsGzip: files.reduce((total, f) => total + f.gzip, 0),
      jsBrotli: files.reduce((total, f) => total + f.brotli, 0),
      cssGzip: sheets.reduce((total, f) => total + f.gzip, 0),
    };
  };

  const routes = {};
  for (const [route, screens] of Object.entries(ROUTES)) {
    const loads = { js: new Set(initial.js), css: new Set(initial.css) };
    // A screen inside the entry is found as the entry, which every route loads already.
    const keys = screens.map((screen) => keyOf(screen === '$rest' ? LOCALE_PART(language, 'rest') : screen));
    closure(keys.filter(Boolean), loads.js, loads.css);
    const page = PAGES[route] && path.join(dist, PAGES[route]);
    let unnamed = [];
    if (page && fs.existsSync(page)) {
      const pageAsks = askedBy(fs.readFileSync(page, 'utf8')).filter((file) => file.endsWith('.js'));
      for (const file of pageAsks) if (!byFile.has(file)) loads.js.add(file);
      // The page names every file of its screens, so none waits for the one that imports it.
      const named = closure(pageAsks.filter((file) => byFile.has(file)).map((file) => Object.keys(manifest).find((key) => manifest[key].file === file)), new Set(initial.js));
      unnamed = [...loads.js].filter((file) => byFile.has(file) && !named.js.has(file));
      for (const file of named.js) loads.js.add(file);
    }
    routes[route] = { ...describe(loads), unnamed };
  }
  const zodFree = [...ROUTES['/user/home'], ...WITHOUT_ZOD].map((screen) => keyOf(screen === '$rest' ? LOCALE_PART(language, 'rest') : screen));
  const drawn = closure(zodFree.filter(Boolean), new Set(initial.js));
  const withZod = [...drawn.js].filter((file) => byFile.has(file) && fs.readFileSync(path.join(dist, file), 'utf8').includes(ZOD_MARK));
  // Home's own files (the member shell's and home's chunks, vite.config.ts homeChunks) are no public screen's.
  const homeFiles = new Set(HOME_OWN.map((screen) => manifest[keyOf(screen)]?.file).filter(Boolean));
  const homeInPublic = Object.entries(routes)
    .filter(([route]) => !route.startsWith('/user'))
    .flatMap(([route, loads]) => loads.js.filter(({ file }) => homeFiles.has(file)).map(({ file }) => `${route} loads ${file}`));
  return { language, languageGzip: size(languageChunk.file), initial: describe(initial), routes, withZod, homeInPublic };
}

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** What /user/home should load before drawing; the budget `npm test` holds is where it stands now. */
export const HOME_GOAL_KB = 150;

function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : fallback;
  };
  const dist = path.resolve(root, option('dist', 'apps/web/dist'));
  const budget = Number(option('budget', '120')) * 1000;
  const homeBudget = Number(option('home-budget', '160')) * 1000;
  const { language, languageGzip, initial, routes, withZod, homeInPublic } = routeLoads(dist);
  console.log(`Member app ${path.relative(root, dist)} (starts in ${language}); gzip sizes, kB = 1,000 bytes`);
  console.log(`  initial JS: ${initial.js.length} files, ${kB(initial.jsGzip)} (the first screen's ${language} texts ${kB(languageGzip)} of it); CSS ${kB(initial.cssGzip)}`);
  for (const [route, loads] of Object.entries(routes)) console.log(`  ${route.padEnd(11)} JS ${kB(loads.jsGzip).padStart(9)} gzip, ${kB(loads.jsBrotli).padStart(9)} brotli as served (${loads.js.length} files)   CSS ${kB(loads.cssGzip)}`);
  if (args.includes('--files')) for (const { file, gzip } of initial.js.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kB(gzip).padStart(9)}  ${file}`);
  const login = routes['/login'].jsGzip;
  const home = routes['/user/home'].jsGzip;
  let over = false;
  if (login > budget) {
    console.error(`✖ /login loads ${kB(login)} of JavaScript (gzip), over the ${kB(budget)} budget`);
    over = true;
  } else console.log(`✔ /login JS ${kB(login)} gzip (${kB(routes['/login'].jsBrotli)} brotli as served), within the ${kB(budget)} budget`);
  if (home > homeBudget) {
    console.error(`✖ /user/home loads ${kB(home)} of JavaScript (gzip) before drawing, over the ${kB(homeBudget)} budget (goal ${HOME_GOAL_KB} kB)`);
    over = true;
  } else console.log(`✔ /user/home JS ${kB(home)} gzip before drawing, within the ${kB(homeBudget)} budget (goal ${HOME_GOAL_KB} kB${home > HOME_GOAL_KB * 1000 ? ', not met' : ', met'})`);
  for (const [route, loads] of Object.entries(routes)) {
    if (loads.unnamed.length === 0) continue;
    console.error(`✖ ${route}'s page (${PAGES[route]}) does not ask for ${loads.unnamed.join(', ')}, which its screens import (apps/web/vite.config.ts, SCREEN_PAGES)`);
    over = true;
  }
  if (homeInPublic.length > 0) {
    console.error(`✖ a public screen loads home's chunk: ${homeInPublic.join('; ')} (a module home shares with it is missing from vite.config.ts's common group, e.g. SHARED_CONTRACT)`);
    over = true;
  } else console.log("✔ no public screen loads home's chunk");
  if (withZod.length > 0) {
    console.error(`✖ zod is in ${withZod.join(', ')}, which home or a screen of WITHOUT_ZOD loads on the main thread`);
    over = true;
  } else console.log('✔ no zod on the main thread for home, what it loads once idle, the statement, the profile or the figures');
  if (over) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) main();
