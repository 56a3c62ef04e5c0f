// The member app, the operator console and the server's bundle, built when their sources changed
// since the last build (a stamp of the sources is kept beside each build). Used by `npm start` and
// `npm run cluster`.
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Every file a build is made from (the app's own, the shared contract and client kit, the lock file). */
function sourceFiles(app, shared = ['packages/contract/src', 'packages/contract/package.json', 'packages/client-kit/src', 'packages/client-kit/package.json']) {
  const files = [];
  const walk = (entry) => {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const child of fs.readdirSync(full).sort()) if (child !== 'node_modules' && !child.startsWith('dist')) walk(path.join(entry, child));
    } else {
      files.push(entry);
    }
  };
  for (const entry of [`apps/${app}`, ...shared, 'package-lock.json']) walk(entry);
  return files;
}

const sha256 = (update) => update(crypto.createHash('sha256')).digest('hex');

/**
 * Whether the build in `dist` is of these sources, by the stamp kept beside it: the files' sizes and
 * times first, which cost no reading (a start checks about a thousand files); when those moved (a
 * checkout, an edit), their content, so that the same sources checked out again build nothing.
 * `stamp()` records these sources as built.
 */
function buildState(dist, files, env) {
  const stampFile = path.join(dist, '.source-hash');
  const times = files.map((file) => {
    const { size, mtimeMs } = fs.statSync(path.join(root, file));
    return [file, size, mtimeMs];
  });
  const listed = sha256((hash) => hash.update(JSON.stringify([env, times])));
  const [builtContent, builtListed] = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').split(' ') : [];
  if (builtListed === listed) return { current: true, stamp: () => {} };
  const content = sha256((hash) => {
    hash.update(JSON.stringify(env));
    for (const file of files) hash.update(file).update(fs.readFileSync(path.join(root, file)));
    return hash;
  });
  const stamp = () => fs.writeFileSync(stampFile, `${content} ${listed}`);
  if (builtContent !== content) return { current: false, stamp };
  stamp();
  return { current: true, stamp };
}

/** Builds what changed for `site` ('th' or 'la'). */
export function buildChangedApps(site) {
  const builds = [
    { app: 'web', dist: site === 'la' ? 'dist-la' : 'dist', name: site === 'la' ? 'member app (Laos build)' : 'member app', env: { VITE_SITE: site } },
    { app: 'console', dist: 'dist', name: 'operator console', env: {} },
  ];
  for (const { app, dist, name, env } of builds) {
    const folder = `${root}apps/${app}/${dist}`;
    const state = buildState(folder, sourceFiles(app), env);
    if (!state.current || !fs.existsSync(`${folder}/index.html`)) {
      console.log(`Building the ${name} (its sources changed since the last build)…`);
      execSync(`npm run build -w @wallet/${app}`, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
      state.stamp();
    }
  }
}

/** Where `npm start` and `npm run cluster` run the server from. */
export const SERVER_BUNDLE = `${root}apps/server/dist/main.mjs`;

/**
 * The server as a few files of JavaScript, made when its sources changed since the last ones: a
 * node starts from them in a fraction of the time it takes to compile and load every TypeScript
 * module one by one. The shared contract is TypeScript, so it goes in; so do the packages in
 * BUNDLED_PACKAGES. The others, native code, WebAssembly and files read from beside their code
 * among them, are loaded from node_modules as they are.
 */
export async function buildChangedServer() {
  const dist = path.dirname(SERVER_BUNDLE);
  // This file is among the sources: the bundle is made by its options too.
  const state = buildState(dist, sourceFiles('server/src', ['apps/server/package.json', 'packages/contract/src', 'packages/contract/package.json', 'scripts/build-apps.mjs']), {});
  if (state.current && fs.existsSync(SERVER_BUNDLE)) return;
  const esbuild = await import('esbuild');
  // Split: main.ts loads the node's modules with a dynamic import, after it has started what runs
  // beside their loading (embedded-engine.ts); bundled whole, their packages would load first.
  // The bundled packages that are CommonJS require Node's modules: `require` is made for them.
  const options = {
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    external: serverPackages(),
    banner: { js: "import { createRequire as createRequireForBundledPackages } from 'node:module'; const require = createRequireForBundledPackages(import.meta.url);" },
  };
  // Tracing is a file of its own, imported by the server's before anything else: its
  // instrumentations patch `pg` and `socket.io` as they load, and a bundle's imports of packages
  // are all made before any of its code runs. OpenTelemetry is one more, loaded only when traced.
  const server = `${root}apps/server/src`;
  await esbuild.build({ ...options, entryPoints: { main: `${server}/main.ts`, tracing: `${server}/tracing.ts`, telemetry: `${server}/telemetry.ts` }, outdir: dist, outExtension: { '.js': '.mjs' }, plugins: [filesOfTheirOwn] });
  state.stamp();
}

const filesOfTheirOwn = {
  name: 'files-of-their-own',
  setup(build) {
    build.onResolve({ filter: /^\.\/(tracing|telemetry)\.js$/ }, (args) => ({ path: args.path.replace(/\.js$/, '.mjs'), external: true }));
  },
};

/**
 * Packages that go into the bundle: plain JavaScript of hundreds of small files each (about 850 of
 * the 1,800 modules a node loaded), which Node resolves, reads and compiles one by one at every
 * start. A package that imports one of them goes in with it, so that both share one copy.
 */
const BUNDLED_PACKAGES = new Set(['kysely', 'kysely-pglite-dialect', 'zod', 'fastify-type-provider-zod', '@line/bot-sdk', 'undici', 'qrcode', 'prom-client', 'sanitize-html', '@fastify/swagger', '@opentelemetry/api']);

/** Every other package the server and the contract depend on, by name (and anything under it). */
function serverPackages() {
  const names = new Set();
  for (const file of ['apps/server/package.json', 'packages/contract/package.json']) {
    const manifest = JSON.parse(fs.readFileSync(`${root}${file}`, 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) if (!name.startsWith('@wallet/') && !BUNDLED_PACKAGES.has(name)) names.add(name);
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}
