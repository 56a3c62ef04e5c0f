// `npm start`: builds the member app and the operator console if they have not been built, then runs the server in this
// process (tsx compiles the TypeScript on load), so signals reach its graceful shutdown. `SITE=la npm start` is the
// Laos build: its own member app (VITE_SITE=la, in apps/web/dist-la), demo data and embedded database.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const site = process.env.SITE === 'la' ? 'la' : 'th';
const builds = [
  { app: 'web', dist: site === 'la' ? 'dist-la' : 'dist', name: site === 'la' ? 'member app (Laos build)' : 'member app', env: { VITE_SITE: site } },
  { app: 'console', dist: 'dist', name: 'operator console', env: {} },
];
for (const { app, dist, name, env } of builds) {
  if (!fs.existsSync(`${root}apps/${app}/${dist}/index.html`)) {
    console.log(`Building the ${name} (first start only)…`);
    execSync(`npm run build -w @wallet/${app}`, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  }
}
register();
await import('../apps/server/src/main.ts');
