// `npm start`: builds the web app if it has not been built, then runs the server in this
// process (tsx compiles the TypeScript on load), so signals reach its graceful shutdown.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
if (!fs.existsSync(`${root}apps/web/dist/index.html`)) {
  console.log('Building the web app (first start only)…');
  execSync('npm run build -w @wallet/web', { cwd: root, stdio: 'inherit' });
}
register();
await import('../apps/server/src/main.ts');
