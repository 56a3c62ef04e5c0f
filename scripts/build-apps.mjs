// The member app, the operator console and the server's bundle, built when their sources changed
// since the last build (a hash of the sources is kept beside each build). Used by `npm start` and
// `npm run cluster`.
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

/** Every file a build is made from (the app's own, the shared contract and client kit), by content. */
function sourceHash(app, env, shared = ['packages/contract/src', 'packages/contract/package.json', 'packages/client-kit/src', 'packages/client-kit/package.json']) {
  const hash = crypto.createHash('sha256').update(JSON.stringify(env));
  const walk = (entry) => {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const child of fs.readdirSync(full).sort()) if (child !== 'node_modules' && !child.startsWith('dist')) walk(path.join(entry, child));
    } else {
      hash.update(entry).update(fs.readFileSync(full));
    }
  };
  for (const entry of [`apps/${app}`, ...shared, 'package-lock.json']) walk(entry);
  return hash.digest('hex');
}

/** Builds what changed for `site` ('th' or 'la'). */
export function buildChangedApps(site) {
  const builds = [
    { app: 'web', dist: site === 'la' ? 'dist-la' : 'dist', name: site === 'la' ? 'member app (Laos build)' : 'member app', env: { VITE_SITE: site } },
    { app: 'console', dist: 'dist', name: 'operator console', env: {} },
  ];
  for (const { app, dist, name, env } of builds) {
    const stamp = `${root}apps/${app}/${dist}/.source-hash`;
    const hash = sourceHash(app, env);
    const built = fs.existsSync(`${root}apps/${app}/${dist}/index.html`) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash;
    if (!built) {
      console.log(`Building the ${name} (its sources changed since the last build)…`);
      execSync(`npm run build -w @wallet/${app}`, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
      fs.writeFileSync(stamp, hash);
    }
  }
}

/** Where `npm start` and `npm run cluster` run the server from. */
export const SERVER_BUNDLE = `${root}apps/server/dist/main.mjs`;

/**
 * The server as one file of JavaScript, made when its sources changed since the last one: a node
 * starts from it in a fraction of the time it takes to compile and load every TypeScript module
 * one by one. Packages stay outside it, loaded from node_modules as they are; the shared contract
 * is TypeScript, so it goes in.
 */
export async function buildChangedServer() {
  const stamp = `${root}apps/server/dist/.source-hash`;
  const hash = sourceHash('server/src', {}, ['apps/server/package.json', 'packages/contract/src', 'packages/contract/package.json']);
  if (fs.existsSync(SERVER_BUNDLE) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return;
  const options = { bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: 'linked', logLevel: 'warning', external: serverPackages() };
  // Tracing is a file of its own, imported by the server's before anything else: its
  // instrumentations patch `pg` and `socket.io` as they load, and a bundle's imports of packages
  // are all made before any of its code runs. OpenTelemetry is one more, loaded only when traced.
  const server = `${root}apps/server/src`;
  await esbuild.build({ ...options, entryPoints: { main: `${server}/main.ts`, tracing: `${server}/tracing.ts`, telemetry: `${server}/telemetry.ts` }, outdir: path.dirname(SERVER_BUNDLE), outExtension: { '.js': '.mjs' }, plugins: [filesOfTheirOwn] });
  fs.writeFileSync(stamp, hash);
}

const filesOfTheirOwn = {
  name: 'files-of-their-own',
  setup(build) {
    build.onResolve({ filter: /^\.\/(tracing|telemetry)\.js$/ }, (args) => ({ path: args.path.replace(/\.js$/, '.mjs'), external: true }));
  },
};

/** Every package the server and the contract depend on, by name (and anything under it). */
function serverPackages() {
  const names = new Set();
  for (const file of ['apps/server/package.json', 'packages/contract/package.json']) {
    const manifest = JSON.parse(fs.readFileSync(`${root}${file}`, 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) if (!name.startsWith('@wallet/')) names.add(name);
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}
