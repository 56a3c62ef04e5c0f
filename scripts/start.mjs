// `npm start`: builds the member app and the operator console when their sources changed since the last build (a hash of
// the sources is kept beside each build), then runs the server in this
// process (tsx compiles the TypeScript on load), so signals reach its graceful shutdown. `SITE=la npm start` is the
// Laos build: its own member app (VITE_SITE=la, in apps/web/dist-la), demo data and embedded database.
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const site = process.env.SITE === 'la' ? 'la' : 'th';
const builds = [
  { app: 'web', dist: site === 'la' ? 'dist-la' : 'dist', name: site === 'la' ? 'member app (Laos build)' : 'member app', env: { VITE_SITE: site } },
  { app: 'console', dist: 'dist', name: 'operator console', env: {} },
];
/** Every file a build is made from (the app's own, the shared contract and client kit), by content. */
function sourceHash(app, env) {
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
  for (const entry of [`apps/${app}`, 'packages/contract/src', 'packages/contract/package.json', 'packages/client-kit/src', 'packages/client-kit/package.json', 'package-lock.json']) walk(entry);
  return hash.digest('hex');
}

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
register();
await import('../apps/server/src/main.ts');
