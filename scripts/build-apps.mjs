// The member app and the operator console, built when their sources changed since the last build
// (a hash of the sources is kept beside each build). Used by `npm start` and `npm run cluster`.
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;

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
